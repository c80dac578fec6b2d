import { ActionIcon, Button, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Rule } from '@tally/shared';
import { RuleSentence } from './RuleSentence';

export type RuleCardActions = {
  onMove: (rule: Rule, direction: 'up' | 'down') => void;
  onEdit: (rule: Rule) => void;
  onApply: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

/** The id of a rule's move button, so focus can follow the rule to its new place. */
export const moveButtonId = (ruleId: string, direction: 'up' | 'down') => `rule-${ruleId}-${direction}`;

/** One rule in the list: its place in the order, its sentence and its actions. */
export function RuleCard({
  rule,
  index,
  total,
  onMove,
  onEdit,
  onApply,
  onDelete,
}: RuleCardActions & { rule: Rule; index: number; total: number }) {
  const n = index + 1;
  const labelId = `rule-${rule.id}-label`;
  const sentenceId = `rule-${rule.id}-sentence`;
  return (
    <Card component="li" padding="md" aria-labelledby={labelId} aria-describedby={sentenceId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size={30} aria-hidden>
          <Text fz="sm" fw={700}>
            {n}
          </Text>
        </ThemeIcon>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text id={labelId} fz="xs" c="dimmed" fw={600}>
            Rule {n}
          </Text>
          <RuleSentence id={sentenceId} rule={rule} />
        </div>
      </Group>
      <Group justify="space-between" gap="xs" mt="sm" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            id={moveButtonId(rule.id, 'up')}
            variant="default"
            size="lg"
            aria-label={`Move rule ${n} up`}
            disabled={index === 0}
            onClick={() => onMove(rule, 'up')}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            id={moveButtonId(rule.id, 'down')}
            variant="default"
            size="lg"
            aria-label={`Move rule ${n} down`}
            disabled={index === total - 1}
            onClick={() => onMove(rule, 'down')}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
        </Group>
        <Group gap={4} wrap="wrap" justify="flex-end">
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconPencil size={14} />}
            onClick={() => onEdit(rule)}
            aria-label={`Edit rule ${n}`}
          >
            Edit
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconHistory size={14} />}
            onClick={() => onApply(rule)}
            aria-label={`Apply to past transactions (rule ${n})`}
          >
            Apply to past transactions
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(rule)}
            aria-label={`Delete rule ${n}`}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
