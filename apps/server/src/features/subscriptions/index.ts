// The subscriptions feature's front door: what other features may use of it.
export { refreshSubscriptions } from './subscription-refresh';
export { findRecurring } from './subscriptions.detection';
