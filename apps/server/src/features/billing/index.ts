// The billing feature's front door: what other features may use of it.
export {
  accountLimitReached,
  connectionsHidingAccounts,
  countLinkedAccounts,
  lockLinking,
  planInForce,
  requireAccountsFit,
  requireFeature,
} from './plans';
