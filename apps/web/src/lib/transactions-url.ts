/**
 * The Transactions screen reads its filters from the address bar. The names live here, beneath the
 * features, so other screens can link to a filtered list (an insight's figure, say) by the very names the
 * screen reads. Short names keep shared links readable: /transactions?q=coffee&category=21&range=month
 */
export const TRANSACTION_URL_PARAMS = {
  search: 'q',
  category: 'category',
  account: 'account',
  range: 'range',
  from: 'from',
  to: 'to',
  min: 'min',
  max: 'max',
  page: 'page',
} as const;

/** What a link into the Transactions screen may filter by; null (or blank) leaves a filter off. */
export type TransactionsLinkFilter = {
  category?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  searchTerm?: string | null;
};

/** /transactions with these filters set, as the screen would write them itself. */
export function transactionsHref({
  category,
  startDate,
  endDate,
  searchTerm,
}: TransactionsLinkFilter): string {
  const P = TRANSACTION_URL_PARAMS;
  const params = new URLSearchParams();
  const search = searchTerm?.trim();
  if (search) params.set(P.search, search);
  if (category !== null && category !== undefined) params.set(P.category, String(category));
  if (startDate) params.set(P.from, startDate);
  if (endDate) params.set(P.to, endDate);
  const query = params.toString();
  return query ? `/transactions?${query}` : '/transactions';
}
