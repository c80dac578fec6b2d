import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown, IconRadar, IconSparkles, IconX } from '@tabler/icons-react';
import {
  confidenceLabel,
  type DetectedSubscription,
  FREQUENCY_LABELS,
  formatMoney,
  SUBSCRIPTION_CATEGORY_LABELS,
} from '@tally/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { DialogFooter } from '../../../components/DialogFooter';
import { EmptyState } from '../../../components/EmptyState';
import { toast } from '../../../components/toast';
import { errorMessage, serverMessage } from '../../../lib/api';
import { formatDay } from '../../../lib/format';
import { log } from '../../../lib/log';
import { useConfirmSubscriptions } from '../api/confirm-subscription';
import { useDetectSubscriptions } from '../api/detect-subscriptions';
import { useDismissDetected } from '../api/dismiss-detected';
import {
  CONFIDENCE_COLORS,
  confidenceText,
  confirmLabel,
  intervalText,
  preselectedIds,
  selectionMonthlyTotal,
} from '../detection';
import classes from '../subscriptions.module.css';
import { AutoDetectedBadge } from './AutoDetectedBadge';

export const NOTHING_DETECTED = 'No subscription patterns detected in your transaction history.';
const DETECT_FAILED = 'Failed to detect subscriptions';

/**
 * Detect Subscriptions (SPEC §2): looks through the transaction history as it opens, then lists what
 * repeats for the person to confirm (the confident ones ticked already) or dismiss for good.
 */
export function DetectedSubscriptionsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Read at the first render, so a phone never flashes the wide layout first.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const detect = useDetectSubscriptions();
  const [includeBills, setIncludeBills] = useState(false);
  const { mutate } = detect;

  const run = (bills: boolean) =>
    mutate(
      { includeBills: bills },
      {
        onError: (error) => {
          log.warn('Detecting subscriptions failed', error);
          toast.error('Detection Failed', serverMessage(error, DETECT_FAILED));
        },
      },
    );
  const runRef = useRef(run);
  runRef.current = run;

  // Each opening is a new dialog (the screen keys it), so this looks once per opening.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    runRef.current(false);
  }, []);

  const busy = detect.isPending || detect.isIdle;
  return (
    <Dialog opened={opened} onClose={onClose} title="Detected Subscriptions" size={900} fullScreen={phone}>
      <Stack gap="md" className={classes.dialog}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c="dimmed" maw={520}>
            Recurring charges found in your transaction history. Confirm the ones to track; dismiss any that
            aren’t subscriptions and they won’t be suggested again.
          </Text>
          <Switch
            size="sm"
            label="Include bills"
            description="Rent, utilities, insurance, loans"
            checked={includeBills}
            disabled={busy}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setIncludeBills(next);
              run(next);
            }}
          />
        </Group>
        {busy ? (
          <Stack align="center" gap="xs" py={48} role="status">
            <Loader size="md" aria-hidden />
            <Text fw={600}>Looking for subscriptions…</Text>
            <Text fz="sm" c="dimmed">
              Checking your transaction history for charges that repeat.
            </Text>
          </Stack>
        ) : detect.isError ? (
          <Stack align="center" gap="sm" py="xl" role="alert">
            <IconAlertTriangle size={28} color="var(--mantine-color-error)" aria-hidden />
            <Text fw={600}>{serverMessage(detect.error, DETECT_FAILED)}</Text>
            <Button variant="default" onClick={() => run(includeBills)}>
              Try Again
            </Button>
          </Stack>
        ) : (
          <DetectedList
            // A new look is a new list: selection starts again from its confident items.
            key={detect.submittedAt}
            items={detect.data ?? []}
            onClose={onClose}
          />
        )}
      </Stack>
    </Dialog>
  );
}

function DetectedList({ items: detected, onClose }: { items: DetectedSubscription[]; onClose: () => void }) {
  const [items, setItems] = useState(detected);
  const [selected, setSelected] = useState(() => preselectedIds(detected));
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const confirm = useConfirmSubscriptions();
  const dismiss = useDismissDetected();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (detected.length === 0) {
    return (
      <EmptyState
        icon={IconRadar}
        title="Nothing new found"
        description={NOTHING_DETECTED}
        action={
          <Button variant="default" mt="xs" onClick={onClose}>
            Close
          </Button>
        }
      />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={IconSparkles}
        title="All reviewed"
        description="Every suggestion has been confirmed or dismissed."
        action={
          <Button variant="default" mt="xs" onClick={onClose}>
            Close
          </Button>
        }
      />
    );
  }

  const count = items.filter((i) => selected.has(i.id)).length;
  const allSelected = count === items.length;
  const monthly = selectionMonthlyTotal(items, selected);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleDetails = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const remove = (ids: ReadonlySet<string>) => setItems((current) => current.filter((i) => !ids.has(i.id)));

  const onDismiss = (item: DetectedSubscription) =>
    dismiss.mutate(item.id, {
      onSuccess: () => {
        remove(new Set([item.id]));
        toast.success('Suggestion dismissed', `“${item.merchantName}” won’t be suggested again.`);
      },
      onError: (error) => {
        log.warn('Dismissing a detected subscription failed', error);
        toast.error('Error dismissing suggestion', errorMessage(error, 'Please try again.'));
      },
    });

  const onConfirm = () => {
    const chosen = items.filter((i) => selected.has(i.id));
    confirm.mutate(chosen, {
      onSuccess: ({ confirmed, failed }) => {
        remove(new Set(confirmed.map((i) => i.id)));
        if (failed.length === 0) {
          toast.success(
            confirmed.length === 1 ? 'Subscription added' : `${confirmed.length} subscriptions added`,
            confirmed.length === 1
              ? `“${confirmed[0]?.merchantName}” is now tracked.`
              : 'They are now in your subscriptions, totals and calendar.',
          );
          onClose();
          return;
        }
        log.warn('Confirming detected subscriptions failed', failed);
        const names = failed.map((f) => f.item.merchantName).join(', ');
        const reason = errorMessage(failed[0]?.error, 'Please try again.');
        toast.error('Confirmation Failed', `Could not confirm ${names}. ${reason}`);
      },
    });
  };

  const rowProps = {
    selected,
    expanded,
    toggle,
    toggleDetails,
    onDismiss,
    dismissing: dismiss.isPending ? dismiss.variables : undefined,
  };
  return (
    <>
      {wide ? <DetectedTable items={items} {...rowProps} /> : <DetectedCards items={items} {...rowProps} />}
      <DialogFooter>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="md" wrap="nowrap">
            <Checkbox
              label="Select All"
              checked={allSelected}
              indeterminate={count > 0 && !allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)))}
            />
            <div aria-live="polite">
              <Text fz="sm" fw={600}>
                {count} selected
              </Text>
              <Text fz="xs" c="dimmed" className={classes.amount}>
                {formatMoney(monthly)} a month
              </Text>
            </div>
          </Group>
          <Group gap="xs" ml="auto">
            <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button onClick={onConfirm} disabled={count === 0} loading={confirm.isPending}>
              {confirmLabel(count)}
            </Button>
          </Group>
        </Group>
      </DialogFooter>
    </>
  );
}

type RowProps = {
  items: DetectedSubscription[];
  selected: ReadonlySet<string>;
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
  toggleDetails: (id: string) => void;
  onDismiss: (item: DetectedSubscription) => void;
  /** The id being dismissed right now. */
  dismissing: string | undefined;
};

function ConfidenceBadge({ confidence }: { confidence: number }) {
  return (
    <Badge
      color={CONFIDENCE_COLORS[confidenceLabel(confidence)]}
      variant="light"
      radius="sm"
      tt="none"
      style={{ whiteSpace: 'nowrap' }}
    >
      {confidenceText(confidence)}
    </Badge>
  );
}

const nextDue = (item: DetectedSubscription) =>
  item.estimatedNextDue ? formatDay(item.estimatedNextDue) : 'TBD';

function RowActions({
  item,
  open,
  onToggleDetails,
  onDismiss,
  dismissing,
}: {
  item: DetectedSubscription;
  open: boolean;
  onToggleDetails: () => void;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={open ? 'Hide details' : 'Show details'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Details for ${item.merchantName}`}
          aria-expanded={open}
          aria-controls={`detected-details-${item.id}`}
          onClick={onToggleDetails}
        >
          <IconChevronDown
            size={18}
            style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Not a subscription: don’t suggest again">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Dismiss ${item.merchantName}`}
          onClick={onDismiss}
          loading={dismissing}
        >
          <IconX size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz="sm" fw={600}>
        {children}
      </Text>
    </div>
  );
}

/** What the detection saw: how many charges, when, how far apart, and any price change. */
function Details({ item }: { item: DetectedSubscription }) {
  return (
    <div className={classes.details}>
      <Fact label="Occurrences">{item.occurrences} charges</Fact>
      <Fact label="First charge">{formatDay(item.firstChargeDate)}</Fact>
      <Fact label="Last charge">{formatDay(item.lastChargeDate)}</Fact>
      <Fact label="Average interval">{intervalText(item.averageIntervalDays)}</Fact>
      <Fact label="Price change">
        {item.priceChange
          ? `${formatMoney(item.priceChange.previousAmount)} → ${formatMoney(item.amount)} on ${formatDay(item.priceChange.date)}`
          : 'None'}
      </Fact>
    </div>
  );
}

function DetectedTable({
  items,
  selected,
  expanded,
  toggle,
  toggleDetails,
  onDismiss,
  dismissing,
}: RowProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Select</VisuallyHidden>
            </Table.Th>
            <Table.Th>Merchant</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Frequency</Table.Th>
            <Table.Th>Next due</Table.Th>
            <Table.Th>Confidence</Table.Th>
            <Table.Th w={80}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const open = expanded.has(item.id);
            const isSelected = selected.has(item.id);
            return [
              <Table.Tr key={item.id} data-selected={isSelected || undefined}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${item.merchantName}`}
                    checked={isSelected}
                    onChange={() => toggle(item.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text fw={600} fz="sm">
                    {item.merchantName}
                  </Text>
                  <Group gap={6} mt={2} wrap="nowrap">
                    <AutoDetectedBadge />
                    <Text fz="xs" c="dimmed">
                      {SUBSCRIPTION_CATEGORY_LABELS[item.category]}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Text fw={600} fz="sm" className={classes.amount}>
                    {formatMoney(item.amount)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{FREQUENCY_LABELS[item.frequency]}</Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" className={classes.amount}>
                    {nextDue(item)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ConfidenceBadge confidence={item.confidence} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    item={item}
                    open={open}
                    onToggleDetails={() => toggleDetails(item.id)}
                    onDismiss={() => onDismiss(item)}
                    dismissing={dismissing === item.id}
                  />
                </Table.Td>
              </Table.Tr>,
              open && (
                <Table.Tr key={`${item.id}-details`} id={`detected-details-${item.id}`}>
                  <Table.Td />
                  <Table.Td colSpan={6} pt={0}>
                    <Details item={item} />
                  </Table.Td>
                </Table.Tr>
              ),
            ];
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DetectedCards({
  items,
  selected,
  expanded,
  toggle,
  toggleDetails,
  onDismiss,
  dismissing,
}: RowProps) {
  return (
    <Stack gap="xs" component="ul" className={classes.detectedCards} aria-label="Detected subscriptions">
      {items.map((item) => {
        const open = expanded.has(item.id);
        return (
          <Paper component="li" key={item.id} withBorder p="sm" radius="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                mt={2}
                aria-label={`Select ${item.merchantName}`}
                checked={selected.has(item.id)}
                onChange={() => toggle(item.id)}
              />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.merchantName}
                  </Text>
                  <Text fw={700} fz="sm" className={classes.amount}>
                    {formatMoney(item.amount)}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  {FREQUENCY_LABELS[item.frequency]} · Next due {nextDue(item)}
                </Text>
                <Group gap={6} mt={6}>
                  <AutoDetectedBadge />
                  <ConfidenceBadge confidence={item.confidence} />
                </Group>
              </div>
              <RowActions
                item={item}
                open={open}
                onToggleDetails={() => toggleDetails(item.id)}
                onDismiss={() => onDismiss(item)}
                dismissing={dismissing === item.id}
              />
            </Group>
            <Collapse expanded={open} id={`detected-details-${item.id}`}>
              <div style={{ marginTop: 8 }}>
                <Details item={item} />
              </div>
            </Collapse>
          </Paper>
        );
      })}
    </Stack>
  );
}
