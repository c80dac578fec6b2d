import { Center, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';
import { dollarsToCents, MAX_MANUAL_AMOUNT } from '@tally/shared';
import { useId } from 'react';
import { MoneyInput } from '../../components/MoneyInput';
import { formatSignedMoney } from '../../lib/format';
import type { Direction } from './transaction-form';
import { signedAmount } from './transaction-form';

function Choice({ icon: Icon, label }: { icon: typeof IconArrowUpRight; label: string }) {
  return (
    <Center style={{ gap: 6 }}>
      <Icon size={16} stroke={1.8} aria-hidden />
      <span>{label}</span>
    </Center>
  );
}

/**
 * A transaction's amount: which way the money went (Money out / Money in) and its size. The size is typed
 * without a sign; the line under it says what will be saved (−$12.50, +$12.50), so the sign is never a guess.
 */
export function SignedAmountInput({
  direction,
  amount,
  onDirectionChange,
  onAmountChange,
  error,
}: {
  direction: Direction;
  amount: number | '';
  onDirectionChange: (direction: Direction) => void;
  onAmountChange: (amount: number | '') => void;
  error?: React.ReactNode;
}) {
  const id = useId();
  const signed = signedAmount(direction, amount);
  const saved =
    signed !== null && signed !== 0 && Math.abs(signed) <= MAX_MANUAL_AMOUNT
      ? `Saved as ${formatSignedMoney(dollarsToCents(signed))} (${direction === 'out' ? 'money out' : 'money in'})`
      : direction === 'out'
        ? 'Money out: spending, a payment, a withdrawal'
        : 'Money in: income, a refund, a deposit';
  return (
    <Stack gap={6}>
      <Input.Label id={`${id}-direction`} required>
        Amount
      </Input.Label>
      <SegmentedControl
        fullWidth
        aria-labelledby={`${id}-direction`}
        value={direction}
        onChange={(value) => onDirectionChange(value === 'in' ? 'in' : 'out')}
        data={[
          { value: 'out', label: <Choice icon={IconArrowUpRight} label="Money out" /> },
          { value: 'in', label: <Choice icon={IconArrowDownLeft} label="Money in" /> },
        ]}
      />
      <MoneyInput
        aria-label={direction === 'out' ? 'Amount of money out' : 'Amount of money in'}
        placeholder="$0.00"
        value={amount}
        onChange={onAmountChange}
        error={error}
        description={
          <Text span fz="xs" c="dimmed" aria-live="polite">
            {saved}
          </Text>
        }
        inputWrapperOrder={['input', 'description', 'error']}
      />
    </Stack>
  );
}
