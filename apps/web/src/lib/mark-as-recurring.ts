import { createContext, useContext } from 'react';

/** Starts "Mark as Recurring" for a transaction: the add-subscription dialog, prefilled from it. */
export type MarkAsRecurring = (transactionId: string) => void;

/**
 * Mark as Recurring lives with subscriptions, but is offered where transactions are listed; features do not
 * import each other, so the app puts the subscriptions feature's handler here for the transactions list to
 * find. Null where nothing provides it: the action is then not offered.
 */
export const MarkAsRecurringContext = createContext<MarkAsRecurring | null>(null);

export const useMarkAsRecurring = () => useContext(MarkAsRecurringContext);
