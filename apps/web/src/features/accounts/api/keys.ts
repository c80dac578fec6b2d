/** Query keys of the bank-linking screens; mutations invalidate by the same keys. */
export const plaidKeys = {
  all: ['plaid'] as const,
  connections: ['plaid', 'connections'] as const,
  accounts: ['plaid', 'accounts'] as const,
  institutions: ['plaid', 'institutions'] as const,
  importProgress: (connectionId: string) => ['plaid', 'import-progress', connectionId] as const,
};

/** Other features read transactions under this prefix; a new import changes them all. */
export const transactionsKey = ['transactions'] as const;
