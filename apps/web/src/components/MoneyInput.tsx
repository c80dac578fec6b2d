import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A dollar amount: a $ prefix, cents, no negatives and no spinner. NumberInput answers '' when emptied and
 * a string while a number is half typed ('12.'); onChange here always gets a number or ''.
 */
export function MoneyInput({
  onChange,
  ...props
}: Omit<NumberInputProps, 'onChange'> & { onChange?: (value: number | '') => void }) {
  return (
    <NumberInput
      prefix="$"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      allowNegative={false}
      hideControls
      {...props}
      onChange={(value) =>
        onChange?.(
          typeof value === 'number'
            ? value
            : value === '' || Number.isNaN(Number(value))
              ? ''
              : Number(value),
        )
      }
    />
  );
}
