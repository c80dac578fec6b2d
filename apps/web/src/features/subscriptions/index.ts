// The subscriptions feature's front door: what other features may use of it.
export { getSubscription } from './api/get-subscription';
export { asUpdateBody, updateSubscription } from './api/update-subscription';
export { DetectedSubscriptionsDialog } from './dialogs';
