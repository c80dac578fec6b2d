import type { Cents } from '@tally/shared';
import { Money } from './Money';
import classes from './SignedAmount.module.css';

/**
 * A transaction's amount as the transaction list shows it: an explicit + and the income colour for money
 * in, a minus for money out. `value` is in cents.
 */
export function SignedAmount({ value, fz = 'sm', fw = 600 }: { value: Cents; fz?: string; fw?: number }) {
  return (
    <Money
      cents={value}
      signed
      span
      fw={fw}
      fz={fz}
      className={value > 0 ? `${classes.amount} ${classes.positive}` : classes.amount}
    />
  );
}
