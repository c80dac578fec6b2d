import type { ReactNode } from 'react';
import classes from './DialogFooter.module.css';

/** A long dialog's last row, kept in view while the rows above it scroll under it. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className={classes.footer}>{children}</div>;
}
