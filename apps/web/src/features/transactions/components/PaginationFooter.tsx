import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { TransactionList } from '@tally/shared';
import { paginationText } from '../filters';

export function PaginationFooter({
  pagination,
  shown,
  onPage,
  compact = false,
}: {
  compact?: boolean;
  pagination: TransactionList['pagination'];
  shown: number;
  onPage: (page: number) => void;
}) {
  const text = paginationText(pagination, shown);
  return (
    <Group justify={compact ? 'center' : 'space-between'} gap="sm" px={compact ? 0 : 'md'} py="sm">
      <Text fz="sm" c="dimmed">
        {text.showing}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between" w={compact ? '100%' : undefined}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!pagination.hasPreviousPage}
          onClick={() => onPage(pagination.currentPage - 1)}
        >
          Previous
        </Button>
        <Text fz="sm" fw={500} px={4} style={{ whiteSpace: 'nowrap' }}>
          {text.page}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={!pagination.hasNextPage}
          onClick={() => onPage(pagination.currentPage + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
