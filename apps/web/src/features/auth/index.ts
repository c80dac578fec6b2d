// The sign-in feature's front door: what other features may use of it.
export { useChangePassword } from './api/change-password';
export { useSetPassword } from './api/set-password';
