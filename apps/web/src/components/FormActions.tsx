import { Button, Group, type GroupProps } from '@mantine/core';

/**
 * A form's last row: Cancel, then the button that submits the form. While the form saves, Cancel waits and the
 * submit button spins.
 */
export function FormActions({
  submitLabel,
  onCancel,
  pending,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  ...props
}: Omit<GroupProps, 'children'> & {
  submitLabel: string;
  onCancel: () => void;
  pending: boolean;
  cancelLabel?: string;
  /** Nothing to save yet (nothing has changed). */
  submitDisabled?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="xs" {...props}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={submitDisabled} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
