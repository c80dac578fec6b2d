import { Button, Card, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import type { Rule } from '@tally/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast';
import { errorMessage, serverMessage } from '../../lib/api';
import { log } from '../../lib/log';
import { RULE_PREFILL_PARAMS } from '../../lib/rules-url';
import { useDialog } from '../../lib/use-dialog';
import { useRules } from './api/get-rules';
import { useReorderRules } from './api/reorder-rules';
import { moveButtonId, RuleCard } from './components/RuleCard';
import { prefillFromSearchParams, type RuleFormValues } from './rule-form';
import classes from './rules.module.css';

// Dialogs: fetched when first opened.
const RuleDialog = lazyDialog(async () => (await import('./components/RuleDialog')).RuleDialog);
const ApplyRuleDialog = lazyDialog(
  async () => (await import('./components/ApplyRuleDialog')).ApplyRuleDialog,
);
const DeleteRuleDialog = lazyDialog(
  async () => (await import('./components/DeleteRuleDialog')).DeleteRuleDialog,
);

type Editor = { rule: Rule | null; prefill: RuleFormValues | null };
type Applying = { rule: Rule; justCreated: boolean };

function ListSkeleton() {
  return (
    <Stack gap="sm">
      {['a', 'b', 'c'].map((key) => (
        <Card key={key} padding="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Skeleton h={30} w={30} circle />
            <div style={{ flex: 1 }}>
              <Skeleton h={10} w={50} />
              <Skeleton h={14} mt={8} />
              <Skeleton h={14} w="60%" mt={6} />
            </div>
          </Group>
          <Skeleton h={30} mt="sm" />
        </Card>
      ))}
    </Stack>
  );
}

/** /rules: the person's rules in order, and everything done to them. */
export function RulesPage() {
  const rules = useRules();
  const reorder = useReorderRules();
  const [params, setParams] = useSearchParams();
  const editor = useDialog<Editor>({ rule: null, prefill: null });
  const applying = useDialog<Applying | null>(null);
  const deleting = useDialog<Rule | null>(null);
  const { open: openEditor } = editor;
  const { open: openApply } = applying;
  const [announcement, setAnnouncement] = useState('');
  // After a move, focus stays on the moved rule's button (React may have moved the button's element).
  const refocus = useRef<{ id: string; direction: 'up' | 'down'; index: number } | null>(null);

  useEffect(() => {
    if (rules.error && rules.data) log.warn('Refreshing rules failed', rules.error);
  }, [rules.error, rules.data]);

  // /rules?pattern=…&category=… (the Edit Category dialog's offer) opens a new rule with those values, and
  // the address goes back to /rules so a reload or Back does not open it again.
  const prefill = prefillFromSearchParams(params);
  const prefillKey = prefill ? params.toString() : null;
  useEffect(() => {
    if (prefillKey === null) return;
    const values = prefillFromSearchParams(new URLSearchParams(prefillKey));
    openEditor({ rule: null, prefill: values });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of Object.values(RULE_PREFILL_PARAMS)) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [prefillKey, setParams, openEditor]);

  const list = rules.data ?? [];

  useEffect(() => {
    const wanted = refocus.current;
    // Once the list shows the rule in its new place (the move button it left may be disabled there).
    if (!wanted || list.findIndex((r) => r.id === wanted.id) !== wanted.index) return;
    refocus.current = null;
    const other = wanted.direction === 'up' ? 'down' : 'up';
    const button = document.getElementById(moveButtonId(wanted.id, wanted.direction));
    const target =
      button instanceof HTMLButtonElement && !button.disabled
        ? button
        : document.getElementById(moveButtonId(wanted.id, other));
    target?.focus();
  });

  const move = (rule: Rule, direction: 'up' | 'down') => {
    const from = list.findIndex((r) => r.id === rule.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= list.length) return;
    const ids = list.map((r) => r.id);
    [ids[from], ids[to]] = [ids[to] ?? rule.id, ids[from] ?? rule.id];
    refocus.current = { id: rule.id, direction, index: to };
    setAnnouncement(`Rule moved to position ${to + 1} of ${list.length}`);
    reorder.mutate(ids, {
      onError: (error) => {
        log.warn('Reordering the rules failed', error);
        refocus.current = null;
        setAnnouncement('');
        toast.error(
          'Error moving rule',
          errorMessage(error, 'Failed to change the order. Please try again.'),
        );
      },
    });
  };

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => openEditor({ rule: null, prefill: null })}>
      Create rule
    </Button>
  );

  let content: ReactNode;
  if (rules.isPending) {
    content = (
      <>
        <VisuallyHidden role="status">Loading your rules…</VisuallyHidden>
        <ListSkeleton />
      </>
    );
  } else if (rules.data === undefined) {
    content = (
      <Card>
        <ErrorState
          message="Error loading rules"
          detail={serverMessage(rules.error, 'Failed to load your rules.')}
          onRetry={() => void rules.refetch()}
        />
      </Card>
    );
  } else if (list.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={IconListCheck}
          title="No rules yet"
          description='A rule sorts transactions for you. For example: when the description contains "starbucks", set the category to Dining Out. Rules run on every import, and you can apply one to the transactions you already have.'
          action={<Group mt="sm">{createButton}</Group>}
        />
      </Card>
    );
  } else {
    content = (
      <ol className={classes.list} aria-label="Rules, in the order they apply">
        {list.map((rule, index) => (
          <RuleCard
            key={rule.id}
            rule={rule}
            index={index}
            total={list.length}
            onMove={move}
            onEdit={(r) => openEditor({ rule: r, prefill: null })}
            onApply={(r) => openApply({ rule: r, justCreated: false })}
            onDelete={deleting.open}
          />
        ))}
      </ol>
    );
  }

  return (
    <Stack gap="lg" maw={900} className={classes.screen}>
      <PageHeader {...SCREEN_HEADERS['/rules']} actions={list.length > 0 ? createButton : undefined} />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {content}

      <RuleDialog
        key={`editor-${editor.session}`}
        opened={editor.opened}
        onClose={editor.close}
        rule={editor.item.rule}
        prefill={editor.item.prefill}
        onCreated={(created) => {
          editor.close();
          openApply({ rule: created, justCreated: true });
        }}
      />
      <ApplyRuleDialog
        opened={applying.opened}
        onClose={applying.close}
        rule={applying.item?.rule ?? null}
        justCreated={applying.item?.justCreated ?? false}
      />
      <DeleteRuleDialog
        key={`delete-${deleting.session}`}
        opened={deleting.opened}
        onClose={deleting.close}
        rule={deleting.item}
      />
    </Stack>
  );
}
