import { Text, type TextProps } from '@mantine/core';
import { type Cents, formatMoney } from '@tally/shared';
import { formatSignedMoney } from '../lib/format';

type MoneyProps = TextProps & {
  cents: Cents;
  /** Show an explicit + for money in, as transaction amounts do. */
  signed?: boolean;
};

/** An amount of money (cents, as every amount in the app, API answers included) as text. */
export function Money({ cents, signed = false, ...text }: MoneyProps) {
  return <Text {...text}>{signed ? formatSignedMoney(cents) : formatMoney(cents)}</Text>;
}
