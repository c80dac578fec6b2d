import { Anchor, Button, Group, Text } from '@mantine/core';
import { type Icon, IconCircleCheck, IconPigMoney, IconPlayerPause, IconWallet } from '@tabler/icons-react';
import { type AdvisorAction, categoryName, DEFAULT_ALLOCATION_PERCENT, formatMoney } from '@tally/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../../lib/api';
import { formatDay } from '../../../lib/format';
import { log } from '../../../lib/log';
import classes from '../advisor.module.css';
import { useCarryOutAction } from '../api/carry-out-action';

type Wording = {
  icon: Icon;
  /** What will change, said before the person confirms. */
  consequence: string;
  /** What changed, once it has. */
  done: string;
  /** Where the change can be seen. */
  screen: { to: string; label: string };
  /** Said when the server gave no reason of its own. */
  failure: string;
};

function wordingOf(action: AdvisorAction): Wording {
  switch (action.kind) {
    case 'raise_budget_category': {
      const name = categoryName(action.category);
      return {
        icon: IconWallet,
        consequence: `Your ${name} budget for this period will be ${formatMoney(action.allocatedAmount)}.`,
        done: `${name} now has ${formatMoney(action.allocatedAmount)} budgeted.`,
        screen: { to: '/budgets', label: 'Open Budgets' },
        failure: 'Failed to update the budget. Please try again.',
      };
    }
    case 'create_goal':
      return {
        icon: IconPigMoney,
        consequence:
          `A savings goal “${action.name}” of ${formatMoney(action.targetAmount)}, ` +
          `${action.targetDate ? `by ${formatDay(action.targetDate)}` : 'with no deadline'}, ` +
          `funded with ${DEFAULT_ALLOCATION_PERCENT}% of your leftover budget.`,
        done: `Goal “${action.name}” created.`,
        screen: { to: '/savings', label: 'Open Savings' },
        failure: 'Failed to create your savings goal. Please try again.',
      };
    case 'pause_subscription':
      return {
        icon: IconPlayerPause,
        consequence: `${action.name} will be paused: it stops counting toward your totals and calendar until you resume it.`,
        done: `${action.name} is paused.`,
        screen: { to: '/subscriptions', label: 'Open Subscriptions' },
        failure: 'Failed to update the subscription. Please try again.',
      };
  }
}

type Step = 'proposed' | 'confirming' | 'done';

/**
 * A change Tally proposes. Nothing happens until the person clicks it and then confirms; the change goes
 * through the route its own screen uses, and the outcome is said in place.
 */
export function ProposedAction({ action, onNavigate }: { action: AdvisorAction; onNavigate: () => void }) {
  const [step, setStep] = useState<Step>('proposed');
  const carryOut = useCarryOutAction();
  const wording = wordingOf(action);
  const ActionIcon = wording.icon;
  const describedBy = useId();
  const proposeRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // Focus follows the step, so a keyboard is never left on a button that has gone.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    if (step === 'proposed') proposeRef.current?.focus();
    if (step === 'confirming') confirmRef.current?.focus();
    if (step === 'done') doneRef.current?.focus();
  }, [step]);
  const go = (next: Step) => {
    moved.current = true;
    setStep(next);
  };

  const confirm = () =>
    carryOut.mutate(action, {
      onSuccess: () => go('done'),
      onError: (error) => log.warn('Carrying out a proposed change failed', error),
    });

  if (step === 'done') {
    return (
      <div className={classes.done} role="status" tabIndex={-1} ref={doneRef}>
        <IconCircleCheck size={16} className={classes.doneIcon} aria-hidden />
        <Text fz="sm" fw={500}>
          {wording.done}{' '}
          <Anchor
            component={Link}
            to={wording.screen.to}
            onClick={onNavigate}
            fz="sm"
            fw={600}
            c="inherit"
            underline="always"
            style={{ whiteSpace: 'nowrap' }}
          >
            {wording.screen.label}
          </Anchor>
        </Text>
      </div>
    );
  }

  if (step === 'confirming') {
    return (
      <fieldset className={classes.confirm}>
        <Text component="legend" fz="sm" fw={600} className={classes.legend}>
          {action.label}?
        </Text>
        <Text fz="sm" id={describedBy}>
          {wording.consequence}
        </Text>
        {carryOut.isError && (
          <Text fz="sm" c="var(--mantine-color-error)" role="alert" mt={4}>
            {serverMessage(carryOut.error, wording.failure)}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          <Button
            ref={confirmRef}
            size="xs"
            onClick={confirm}
            loading={carryOut.isPending}
            aria-describedby={describedBy}
          >
            Confirm
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              carryOut.reset();
              go('proposed');
            }}
            disabled={carryOut.isPending}
          >
            Cancel
          </Button>
        </Group>
      </fieldset>
    );
  }

  return (
    <Button
      ref={proposeRef}
      variant="light"
      size="sm"
      leftSection={<ActionIcon size={16} aria-hidden />}
      className={classes.actionButton}
      onClick={() => go('confirming')}
    >
      {action.label}
    </Button>
  );
}
