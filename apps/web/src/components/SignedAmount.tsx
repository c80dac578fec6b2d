import { dollarsToCents } from '@tally/shared';
import { Money } from './Money';
import classes from './SignedAmount.module.css';

/**
 * A transaction's amount as the transaction list shows it: an explicit + and the income colour for money
 * in, a minus for money out. Takes the API's dollars.
 */
export function SignedAmount({ value, fz = 'sm', fw = 600 }: { value: number; fz?: string; fw?: number }) {
  return (
    <Money
      cents={dollarsToCents(value)}
      signed
      span
      fw={fw}
      fz={fz}
      className={value > 0 ? `${classes.amount} ${classes.positive}` : classes.amount}
    />
  );
}
