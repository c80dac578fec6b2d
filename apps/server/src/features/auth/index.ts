// The auth feature's front door: what other features may use of it.
export { getUser, updateUser } from './auth.queries';
export { toUser } from './users';
