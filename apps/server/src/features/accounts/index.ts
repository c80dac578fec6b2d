// The accounts feature's front door: what other features may use of it.
export {
  type AccountRow,
  type ConnectionRow,
  isManualConnection,
  MANUAL_PROVIDER,
  toAccount,
} from './account-shapes';
