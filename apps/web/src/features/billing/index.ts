// The billing feature's front door: what other features may use of it.
export {
  appliedMessage,
  storedPlanInForce,
  useBilling,
  useCancelPlan,
  useChangePlan,
  useOpenPortal,
} from './api/billing';
export { isPlanRefusal } from './plan-refusal';
export { UpgradePanel } from './UpgradePanel';
