import { Anchor, Text } from '@mantine/core';
import { todayIn } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { lazyDialog } from '../../components/lazy-dialog';
import { toast } from '../../components/toast';
import { errorMessage } from '../../lib/api';
import { log } from '../../lib/log';
import { MarkAsRecurringContext } from '../../lib/mark-as-recurring';
import { queryKeys } from '../../lib/query-keys';
import { useDialog } from '../../lib/use-dialog';
import { useSubscriptionPrefill } from './api/get-subscription-prefill';

const SubscriptionDialog = lazyDialog(
  async () => (await import('./components/SubscriptionDialog')).SubscriptionDialog,
);

/**
 * Offers "Mark as Recurring" to the screens inside it: the add dialog opens at once, its fields filled from
 * what the transaction and its merchant's history suggest, and saving links the subscription to that charge.
 * The person stays where they were; the toast offers the way to the subscriptions.
 */
export function MarkAsRecurringProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  // Opened for a transaction.
  const marking = useDialog<string | null>(null);
  const { open, close } = marking;
  const queryClient = useQueryClient();
  // Kept after the dialog closes, so it does not fall back to its loading look while it fades out.
  const prefill = useSubscriptionPrefill(marking.item);

  const start = useCallback(
    (transactionId: string) => {
      // Each opening asks again: the suggested due date depends on the day, and a failed answer is retried.
      void queryClient.resetQueries({ queryKey: queryKeys.subscriptions.prefill(transactionId) });
      open(transactionId);
    },
    [queryClient, open],
  );

  useEffect(() => {
    if (!prefill.isError) return;
    log.warn('Preparing Mark as Recurring failed', prefill.error);
    toast.error(
      'Could not mark as recurring',
      errorMessage(prefill.error, 'Failed to read this transaction. Please try again.'),
    );
    close();
  }, [prefill.isError, prefill.error, close]);

  return (
    <MarkAsRecurringContext.Provider value={start}>
      {children}
      <SubscriptionDialog
        key={`recurring-${marking.session}`}
        opened={marking.opened}
        onClose={close}
        prefill={prefill.data ?? null}
        loading={prefill.isPending}
        today={todayIn(user.timeZone)}
        savedMessage={(saved) => (
          <Text span fz="sm" c="dimmed">
            “{saved.name}” is now tracked.{' '}
            <Anchor
              component="button"
              type="button"
              fz="sm"
              fw={600}
              onClick={() => navigate('/subscriptions')}
            >
              View subscriptions
            </Anchor>
          </Text>
        )}
      />
    </MarkAsRecurringContext.Provider>
  );
}
