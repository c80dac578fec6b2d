import { type Account, type Connection, isManualConnection, sortAccounts } from '@tally/shared';
import type { bankAccounts, bankConnections } from '../../db/schema';

/**
 * Accounts and connections as the API shows them, shared by the bank connections (features/accounts) and
 * the accounts kept by hand (features/manual), so both answer with one shape.
 */
export type ConnectionRow = typeof bankConnections.$inferSelect;
export type AccountRow = typeof bankAccounts.$inferSelect;

/** The connection an account belongs to, as far as its shape needs it. */
export type AccountHolder = Pick<ConnectionRow, 'institutionName' | 'provider'>;

/**
 * The person's accounts kept by hand all sit on their one connection of this provider (itemId 'manual').
 * Defined beside the API's connection shape in @tally/shared, which the web uses too; offered here with the
 * other account shapes the server's features import.
 */
export { isManualConnection, MANUAL_PROVIDER } from '@tally/shared';

export function toAccount(row: AccountRow, holder: AccountHolder): Account {
  const isManual = isManualConnection(holder);
  return {
    id: row.id,
    connectionId: row.connectionId,
    institutionName: holder.institutionName,
    name: row.name,
    officialName: row.officialName,
    mask: row.mask,
    type: row.type,
    subtype: row.subtype,
    currentBalance: row.currentBalance ?? 0,
    availableBalance: row.availableBalance,
    isActive: row.isActive,
    isManual,
    openingBalance: isManual ? (row.openingBalance ?? 0) : null,
  };
}

export function toConnection(row: ConnectionRow, accounts: AccountRow[]): Connection {
  return {
    id: row.id,
    institutionId: row.institutionId,
    institutionName: row.institutionName,
    isActive: row.isActive,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    provider: row.provider,
    accounts: sortAccounts(accounts).map((a) => toAccount(a, row)),
  };
}
