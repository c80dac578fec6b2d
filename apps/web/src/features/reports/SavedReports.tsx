import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { SavedReport } from '@tally/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DeleteDialog } from '../../components/DeleteDialog';
import { Dialog } from '../../components/Dialog';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { useDeleteSavedReport, useSaveReport, useUpdateSavedReport } from './api/saved-reports';
import { definitionOf, type ReportState, sameDefinition, stateOfSaved } from './report-state';

/**
 * The person's saved reports: each opens with a click, goes on (or off) the dashboard with its switch, and
 * can be deleted. Nothing shows until one is saved.
 */
export function SavedReports({
  state,
  update,
  saved,
}: {
  state: ReportState;
  update: (change: Partial<ReportState>) => void;
  saved: UseQueryResult<SavedReport[]>;
}) {
  const change = useUpdateSavedReport();
  const remove = useDeleteSavedReport();
  const [deleting, setDeleting] = useState<SavedReport | null>(null);
  const reports = saved.data ?? [];
  if (reports.length === 0) return null;
  return (
    <Card padding="md">
      <Title order={2} fz="md" mb="xs" id="saved-reports-title">
        Saved reports
      </Title>
      <Stack
        gap={0}
        component="ul"
        aria-labelledby="saved-reports-title"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {reports.map((report) => {
          const current = report.id === state.saved;
          return (
            <Group key={report.id} component="li" justify="space-between" wrap="nowrap" gap="sm" py={6}>
              <Anchor
                component="button"
                type="button"
                fz="sm"
                fw={current ? 700 : 500}
                aria-current={current || undefined}
                style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                onClick={() => update(stateOfSaved(report))}
              >
                {report.name}
              </Anchor>
              <Group gap="sm" wrap="nowrap">
                <Switch
                  size="xs"
                  label="On dashboard"
                  aria-label={`Show ${report.name} on the dashboard`}
                  checked={report.onDashboard}
                  onChange={(event) =>
                    change.mutate(
                      { id: report.id, onDashboard: event.currentTarget.checked },
                      {
                        onError: (error) =>
                          toast.error(
                            'Error',
                            serverMessage(error, 'The report could not be changed. Please try again.'),
                          ),
                      },
                    )
                  }
                />
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Delete ${report.name}`}
                    onClick={() => setDeleting(report)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <DeleteDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete report"
        confirmLabel="Delete report"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Report deleted', `${deleting.name} is no longer saved.`);
              if (state.saved === deleting.id) update({ saved: null });
              setDeleting(null);
            },
            onError: (error) =>
              toast.error(
                'Error',
                serverMessage(error, 'The report could not be deleted. Please try again.'),
              ),
          });
        }}
      >
        <Text fz="sm">
          Delete <strong>{deleting?.name}</strong>? Your transactions stay as they are; only the saved report
          goes
          {deleting?.onDashboard ? ', and its card leaves the dashboard' : ''}.
        </Text>
      </DeleteDialog>
    </Card>
  );
}

/**
 * Saves the builder's choices under a name: a new report, or (when a saved one is open and changed) its new
 * choices. The period is kept as chosen, so "Last 3 months" moves on with the calendar.
 */
export function SaveReportDialog({
  state,
  update,
  open,
  onClose,
}: {
  state: ReportState;
  update: (change: Partial<ReportState>) => void;
  /** The saved report on screen, if one is. */
  open: SavedReport | null;
  onClose: () => void;
}) {
  const create = useSaveReport();
  const change = useUpdateSavedReport();
  const [name, setName] = useState('');
  const [onDashboard, setOnDashboard] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const definition = definitionOf(state);
  const changed = open !== null && !sameDefinition(open.definition, definition);
  const pending = create.isPending || change.isPending;

  const saveNew = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    create.mutate(
      { name, definition, onDashboard },
      {
        onSuccess: (saved) => {
          toast.success(
            'Report saved',
            `${saved.name} is in your saved reports${saved.onDashboard ? ' and on your dashboard' : ''}.`,
          );
          update({ saved: saved.id });
          onClose();
        },
        onError: (failure) =>
          setError(serverMessage(failure, 'The report could not be saved. Please try again.')),
      },
    );
  };
  const saveChanges = () => {
    if (!open) return;
    change.mutate(
      { id: open.id, definition },
      {
        onSuccess: (saved) => {
          toast.success('Report saved', `${saved.name} now shows what is on screen.`);
          onClose();
        },
        onError: (failure) =>
          setError(serverMessage(failure, 'The report could not be saved. Please try again.')),
      },
    );
  };

  return (
    <Dialog opened onClose={onClose} pending={pending} title="Save report" centered>
      <form onSubmit={saveNew} noValidate>
        <Stack gap="md">
          {changed && open && (
            <Stack gap="xs">
              <Text fz="sm">
                You changed <strong>{open.name}</strong>. Save the changes to it, or save what is on screen as
                a new report below.
              </Text>
              <Button
                variant="light"
                onClick={saveChanges}
                loading={change.isPending}
                disabled={create.isPending}
              >
                Save changes to {open.name}
              </Button>
            </Stack>
          )}
          <TextInput
            label={changed ? 'Or save as a new report named' : 'Name'}
            placeholder="e.g. Dining out by month"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={60}
            required
            data-autofocus
          />
          <Checkbox
            label="Show on my dashboard"
            checked={onDashboard}
            onChange={(event) => setOnDashboard(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={change.isPending}>
              {changed ? 'Save as new' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
