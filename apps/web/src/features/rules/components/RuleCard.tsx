import { ActionIcon, Box, Button, Card, Flex, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
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

/** One rule in the list: its place in the order, its sentence, the moves beside it and its actions below. */
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
        <ThemeIcon variant="light" radius="xl" size={28} aria-hidden style={{ flexShrink: 0 }}>
          <Text fz="sm" fw={700}>
            {n}
          </Text>
        </ThemeIcon>
        <VisuallyHidden id={labelId}>Rule {n}</VisuallyHidden>
        <RuleSentence id={sentenceId} rule={rule} style={{ flex: 1, minWidth: 0 }} mt={2} />
        {/* Side by side where the sentence has room; stacked beside it on phones. */}
        <Flex gap={4} direction={{ base: 'column', sm: 'row' }} style={{ flexShrink: 0 }}>
          <ActionIcon
            id={moveButtonId(rule.id, 'up')}
            variant="default"
            aria-label={`Move rule ${n} up`}
            disabled={index === 0}
            onClick={() => onMove(rule, 'up')}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            id={moveButtonId(rule.id, 'down')}
            variant="default"
            aria-label={`Move rule ${n} down`}
            disabled={index === total - 1}
            onClick={() => onMove(rule, 'down')}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
        </Flex>
      </Group>
      <Group justify="space-between" gap={4} mt="xs" ml={{ base: 0, xs: 40 }} wrap="nowrap">
        <Group gap={4} wrap="nowrap">
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
            {/* Phones have room for the short words only; the name stays whole. */}
            <Box component="span" visibleFrom="xs">
              Apply to past transactions
            </Box>
            <Box component="span" hiddenFrom="xs">
              Apply to past
            </Box>
          </Button>
        </Group>
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
    </Card>
  );
}
