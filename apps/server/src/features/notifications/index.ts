// The notifications feature's front door: what other features may use of it.
export { type DeliveryQueue, notify, requestDelivery } from './notify';
