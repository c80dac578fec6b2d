import { ActionIcon, Badge, Button, VisuallyHidden } from '@mantine/core';
import {
  type Icon,
  IconAdjustmentsHorizontal,
  IconDownload,
  IconFileImport,
  IconListCheck,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** On a phone a button of the header is its icon, named for screen readers and in a tooltip. */
function HeaderButton({
  compact,
  label,
  icon: IconComponent,
  onClick,
  loading = false,
  variant = 'default',
}: {
  compact: boolean;
  label: string;
  icon: Icon;
  onClick: () => void;
  loading?: boolean;
  variant?: 'default' | 'filled';
}) {
  if (compact) {
    return (
      // A native title, as the top bar's buttons have: a Tooltip would set up its positioning as the screen
      // mounts, for each button.
      <ActionIcon
        variant={variant}
        size={36}
        aria-label={label}
        title={label}
        onClick={onClick}
        loading={loading}
      >
        <IconComponent size={16} stroke={1.7} />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant={variant}
      leftSection={<IconComponent size={16} stroke={1.7} />}
      onClick={onClick}
      loading={loading}
    >
      {label}
    </Button>
  );
}

/**
 * The header's Refresh, Advanced Filters (with the count of active ones), Export, Rules (the screen that
 * categorises and renames on every import), Import transactions and Add transaction buttons.
 */
export function TransactionsActions({
  compact,
  onRefresh,
  refreshing,
  advancedCount,
  onAdvanced,
  onExport,
  exporting,
  nothingToExport,
  onImport,
  onAdd,
}: {
  compact: boolean;
  onRefresh: () => void;
  refreshing: boolean;
  advancedCount: number;
  onAdvanced: () => void;
  onExport: () => void;
  exporting: boolean;
  nothingToExport: boolean;
  onImport: () => void;
  /** Adds a transaction by hand; without a manual account yet, the dialog offers to make one. */
  onAdd: () => void;
}) {
  const navigate = useNavigate();
  return (
    <>
      <HeaderButton
        compact={compact}
        label="Refresh"
        icon={IconRefresh}
        onClick={onRefresh}
        loading={refreshing}
      />
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
        variant="default"
        leftSection={<IconDownload size={16} stroke={1.7} />}
        onClick={onExport}
        loading={exporting}
        disabled={nothingToExport}
      >
        Export
      </Button>
      <HeaderButton compact={compact} label="Rules" icon={IconListCheck} onClick={() => navigate('/rules')} />
      <HeaderButton compact={compact} label="Import transactions" icon={IconFileImport} onClick={onImport} />
      <HeaderButton
        compact={compact}
        label="Add transaction"
        icon={IconPlus}
        onClick={onAdd}
        variant="filled"
      />
    </>
  );
}
