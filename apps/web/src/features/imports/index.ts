// The statement-file import's front door: what other features may use of it.
export { ImportDialog } from './dialogs';
