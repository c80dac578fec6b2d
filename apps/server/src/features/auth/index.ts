// The auth feature's front door: what other features may use of it.
export { toUser, updateUser } from './users';
