import { Badge, Button, Group, Loader, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { Rule, RulePreview } from '@tally/shared';
import { Dialog } from '../../../components/Dialog';
import { toast } from '../../../components/toast';
import { errorMessage, serverMessage } from '../../../lib/api';
import { formatDay, formatSignedMoney } from '../../../lib/format';
import { log } from '../../../lib/log';
import { useApplyRule } from '../api/apply-rule';
import { useRulePreview } from '../api/get-rule-preview';
import classes from '../rules.module.css';
import { RuleSentence } from './RuleSentence';

const count = new Intl.NumberFormat('en-US');

/** '3 transactions', '1 transaction'. */
export const transactionCount = (n: number) => `${count.format(n)} transaction${n === 1 ? '' : 's'}`;

/** 'N of M matching transactions will change' (the noun follows M). */
export function previewHeadline(preview: Pick<RulePreview, 'matching' | 'changing'>): string {
  const matching = preview.matching === 1 ? 'matching transaction' : 'matching transactions';
  return `${count.format(preview.changing)} of ${count.format(preview.matching)} ${matching} will change`;
}

export type ApplyRuleDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Kept after closing, so the content stays put while the dialog fades out. */
  rule: Rule | null;
  /** The rule was just created: the dialog says so, then offers it to past transactions. */
  justCreated?: boolean;
};

/** Apply to past transactions: what the rule would change (a count and examples), then Apply. */
export function ApplyRuleDialog({ opened, onClose, rule, justCreated = false }: ApplyRuleDialogProps) {
  const apply = useApplyRule();
  return (
    <Dialog
      opened={opened && rule !== null}
      onClose={onClose}
      title="Apply to past transactions"
      size="lg"
      // Applying to many transactions can take a while; the dialog stays until the server has answered.
      pending={apply.isPending}
      withCloseButton={!apply.isPending}
      classNames={{ content: classes.dialog }}
    >
      {rule && (
        <PreviewContent
          // A new rule (or the same one opened again) asks for its own preview.
          key={rule.id}
          rule={rule}
          justCreated={justCreated}
          opened={opened}
          apply={apply}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function PreviewContent({
  rule,
  justCreated,
  opened,
  apply,
  onClose,
}: {
  rule: Rule;
  justCreated: boolean;
  opened: boolean;
  apply: ReturnType<typeof useApplyRule>;
  onClose: () => void;
}) {
  // Only while open: a preview read after applying would say 'nothing to change' under the closing dialog.
  const preview = useRulePreview(opened ? rule.id : null);
  const data = preview.data;

  const confirm = () =>
    apply.mutate(rule.id, {
      onSuccess: ({ changed }) => {
        toast.success('Rule applied', `${transactionCount(changed)} updated`);
        onClose();
      },
      onError: (error) => {
        log.warn('Applying the rule failed', error);
        toast.error(
          'Error applying rule',
          errorMessage(error, 'Failed to apply the rule to past transactions. Please try again.'),
        );
      },
    });

  return (
    <Stack gap="md">
      {justCreated && (
        <div className={classes.saved}>
          <IconCircleCheck size={18} aria-hidden />
          <span>
            <strong>Rule created.</strong> It sorts every future import. It can also update the transactions
            you already have.
          </span>
        </div>
      )}
      <Paper className={classes.soft} p="sm" radius="md">
        <RuleSentence rule={rule} fz="sm" />
      </Paper>

      {preview.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <VisuallyHidden role="status">Checking your past transactions…</VisuallyHidden>
          <Skeleton h={22} w="60%" />
          {['a', 'b', 'c'].map((k) => (
            <Skeleton key={k} h={44} />
          ))}
        </Stack>
      ) : data === undefined ? (
        <Stack gap="xs" role="alert">
          <Text fw={600}>Could not check your past transactions</Text>
          <Text fz="sm" c="dimmed">
            {serverMessage(preview.error, 'Please try again in a moment.')}
          </Text>
          <Group>
            <Button variant="default" onClick={() => void preview.refetch()}>
              Try Again
            </Button>
          </Group>
        </Stack>
      ) : (
        <PreviewResult preview={data} setsCategory={rule.setCategory !== null} />
      )}

      {apply.isPending && data && (
        <Group gap="xs" wrap="nowrap" role="status">
          <Loader size="xs" aria-hidden />
          <Text fz="sm">
            Applying to {transactionCount(data.changing)}… Many transactions can take up to a minute.
          </Text>
        </Group>
      )}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={apply.isPending}>
          {justCreated ? 'Not now' : 'Cancel'}
        </Button>
        <Button
          onClick={confirm}
          loading={apply.isPending}
          disabled={data === undefined || data.changing === 0}
        >
          {data && data.changing > 0 ? `Apply to ${transactionCount(data.changing)}` : 'Apply'}
        </Button>
      </Group>
    </Stack>
  );
}

/** Under the headline: why some matching transactions will not change (a category set by hand never does). */
function previewNote(preview: RulePreview, setsCategory: boolean): string | null {
  if (preview.matching === 0)
    return 'No past transactions match this rule. It will still sort your future imports.';
  if (preview.changing === 0) return 'They already look the way this rule would make them.';
  if (preview.changing < preview.matching)
    return setsCategory
      ? 'The others already look that way, or you chose their category yourself.'
      : 'The others already have that name.';
  return setsCategory ? 'Categories you chose yourself are never changed.' : null;
}

function PreviewResult({ preview, setsCategory }: { preview: RulePreview; setsCategory: boolean }) {
  const more = preview.changing - preview.examples.length;
  const note = previewNote(preview, setsCategory);
  return (
    <Stack gap="sm">
      <div role="status">
        <Text fw={700} fz="lg">
          {previewHeadline(preview)}
        </Text>
        {note && (
          <Text fz="sm" c="dimmed">
            {note}
          </Text>
        )}
      </div>

      {preview.examples.length > 0 && (
        // Scrolls on its own, so Apply stays in view; a keyboard can scroll it too.
        <Paper
          withBorder
          radius="md"
          px="sm"
          className={classes.exampleBox}
          tabIndex={0}
          role="region"
          aria-label="Examples"
        >
          <ul className={classes.examples} aria-label="Transactions that will change">
            {preview.examples.map((e) => (
              <Example key={e.id} example={e} />
            ))}
          </ul>
        </Paper>
      )}
      {more > 0 && (
        <Group gap={6} wrap="nowrap">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed">
            and {count.format(more)} more
          </Text>
        </Group>
      )}
    </Stack>
  );
}

type ExampleRow = RulePreview['examples'][number];

function Example({ example: e }: { example: ExampleRow }) {
  const name = e.merchantName?.trim() || e.description;
  const renamed = e.toMerchantName !== null && e.toMerchantName !== name;
  const recategorised = e.fromCategoryName !== e.toCategoryName;
  return (
    <li className={classes.example}>
      {/* The change sits beside the transaction, or under it where the row is too narrow (phones). */}
      <Group justify="space-between" gap="xs" py={8} style={{ rowGap: 4 }}>
        <div style={{ minWidth: 0, maxWidth: '100%' }}>
          <Text fz="sm" fw={600} truncate title={name}>
            {renamed ? (
              <>
                <Text span inherit td="line-through" c="dimmed" fw={500}>
                  {name}
                </Text>{' '}
                <IconArrowRight size={12} aria-label="becomes" /> {e.toMerchantName}
              </>
            ) : (
              name
            )}
          </Text>
          <Text fz="xs" c="dimmed" className={classes.amount}>
            {formatDay(e.date)} · {formatSignedMoney(e.amount)}
          </Text>
        </div>
        {recategorised && (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light" color="gray" radius="sm" tt="none" size="sm">
              {e.fromCategoryName}
            </Badge>
            <IconArrowRight size={14} aria-label="becomes" />
            <Badge variant="light" radius="sm" tt="none" size="sm">
              {e.toCategoryName}
            </Badge>
          </Group>
        )}
      </Group>
    </li>
  );
}
