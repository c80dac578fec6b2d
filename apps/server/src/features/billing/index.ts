// The billing feature's front door: what other features may use of it.
export { connectionsHidingAccounts, countLinkedAccounts, lockLinking } from './billing.queries';
export { accountLimitReached, planInForce, requireAccountsFit, requireFeature } from './plans';
