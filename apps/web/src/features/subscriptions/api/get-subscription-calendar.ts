import { subscriptionCalendar } from '@tally/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /subscriptions/calendar: every charge of an active subscription due from startDate to endDate. */
export const subscriptionCalendarQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: queryKeys.subscriptions.calendar(startDate, endDate),
    queryFn: ({ signal }) =>
      api.get(
        `subscriptions/calendar?${new URLSearchParams({ startDate, endDate })}`,
        subscriptionCalendar,
        signal,
      ),
    // Charges move only when subscriptions do, and every change invalidates this: going back a month
    // shows it from memory.
    staleTime: 60_000,
  });

/**
 * The charges of one calendar page. Moving to another month keeps the last page's charges on screen
 * (dimmed by the caller) until the new month's arrive, so the grid does not flash empty.
 */
export const useSubscriptionCalendar = (startDate: string, endDate: string) =>
  useQuery({ ...subscriptionCalendarQuery(startDate, endDate), placeholderData: keepPreviousData });
