import { Paper, Stack, Text } from '@mantine/core';
import type { Rule } from '@tally/shared';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { toast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { log } from '../../../lib/log';
import { useDeleteRule } from '../api/delete-rule';
import classes from '../rules.module.css';
import { RuleSentence } from './RuleSentence';

export function DeleteRuleDialog({
  rule,
  opened,
  onClose,
}: {
  /** Kept after closing, so the content stays put while the dialog fades out. */
  rule: Rule | null;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteRule();
  if (!rule) return null;
  const confirm = () =>
    remove.mutate(rule.id, {
      onSuccess: () => {
        toast.success('Rule deleted', 'Your next imports no longer follow it.');
        onClose();
      },
      onError: (error) => {
        log.warn('Deleting the rule failed', error);
        toast.error(
          'Error deleting rule',
          errorMessage(error, 'Failed to delete the rule. Please try again.'),
        );
      },
    });
  return (
    <DeleteDialog
      opened={opened}
      onClose={onClose}
      title="Delete this rule?"
      confirmLabel="Delete rule"
      pending={remove.isPending}
      onConfirm={confirm}
    >
      <Stack gap="sm" className={classes.dialog}>
        <Paper className={classes.soft} p="sm" radius="md">
          <RuleSentence rule={rule} fz="sm" />
        </Paper>
        <Text fz="sm">
          Future imports will no longer follow it. Transactions it already changed keep their category and
          merchant name.
        </Text>
      </Stack>
    </DeleteDialog>
  );
}
