// The rules feature's front door: what other features may use of it.
export { createRule } from './rules.service';
