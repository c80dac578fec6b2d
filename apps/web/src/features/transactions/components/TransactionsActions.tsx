import { ActionIcon, Badge, Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconDownload, IconRefresh } from '@tabler/icons-react';

/** The header's Refresh, Advanced Filters (with the count of active ones) and Export buttons. */
export function TransactionsActions({
  compact,
  onRefresh,
  refreshing,
  advancedCount,
  onAdvanced,
  onExport,
  exporting,
  nothingToExport,
}: {
  compact: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  advancedCount: number;
  onAdvanced: () => void;
  onExport: () => void;
  exporting: boolean;
  nothingToExport: boolean;
}) {
  return (
    <>
      {compact ? (
        <Tooltip label="Refresh">
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Refresh"
            onClick={onRefresh}
            loading={refreshing}
          >
            <IconRefresh size={16} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} stroke={1.7} />}
          onClick={onRefresh}
          loading={refreshing}
        >
          Refresh
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={16} stroke={1.7} />}
        rightSection={
          advancedCount > 0 ? (
            <Badge size="sm" circle variant="filled">
              {advancedCount}
              <VisuallyHidden> active</VisuallyHidden>
            </Badge>
          ) : null
        }
        onClick={onAdvanced}
      >
        Advanced Filters
      </Button>
      <Button
        leftSection={<IconDownload size={16} stroke={1.7} />}
        onClick={onExport}
        loading={exporting}
        disabled={nothingToExport}
      >
        Export
      </Button>
    </>
  );
}
