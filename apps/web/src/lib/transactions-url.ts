/**
 * The Transactions screen reads its filters from the address bar. The names live here, beneath the
 * features, so other screens can link to a filtered list (an insight's figure, say) by the very names the
 * screen reads. Short names keep shared links readable: /transactions?q=coffee&category=21&range=month,
 * /transactions?merchant=Uber&from=2026-10-01 (that merchant only, where q=Uber would also find Uber Eats).
 */
export const TRANSACTION_URL_PARAMS = {
  search: 'q',
  merchant: 'merchant',
  kind: 'kind',
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
  /** One merchant by its exact name, case aside ("Uber" is not "Uber Eats"); searchTerm finds text anywhere. */
  merchant?: string | null;
  /** A kind of purchase narrower than a category, by its key ("coffee"). */
  kind?: string | null;
  accountId?: string | null;
  /** Sizes of a transaction, in cents (the address bar carries dollars). */
  minAmount?: number | null;
  maxAmount?: number | null;
};

/** /transactions with these filters set, as the screen would write them itself. */
export function transactionsHref({
  category,
  startDate,
  endDate,
  searchTerm,
  merchant,
  kind,
  accountId,
  minAmount,
  maxAmount,
}: TransactionsLinkFilter): string {
  const P = TRANSACTION_URL_PARAMS;
  const params = new URLSearchParams();
  const search = searchTerm?.trim();
  if (search) params.set(P.search, search);
  const merchantName = merchant?.trim();
  if (merchantName) params.set(P.merchant, merchantName);
  if (kind) params.set(P.kind, kind);
  if (category !== null && category !== undefined) params.set(P.category, String(category));
  if (startDate) params.set(P.from, startDate);
  if (endDate) params.set(P.to, endDate);
  if (accountId) params.set(P.account, accountId);
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  if (typeof minAmount === 'number') params.set(P.min, dollars(minAmount));
  if (typeof maxAmount === 'number') params.set(P.max, dollars(maxAmount));
  const query = params.toString();
  return query ? `/transactions?${query}` : '/transactions';
}
