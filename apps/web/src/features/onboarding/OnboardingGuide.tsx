import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Progress,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  type CategoryCode,
  FREQUENCY_LABELS,
  formatMoney,
  ONBOARDING_STEPS,
  type OnboardingState,
  type OnboardingStep,
  type PreparedSetup,
  planAllows,
  todayIn,
} from '@tally/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../app/auth';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { LIST_MOUNTED_WHEN_OPEN } from '../../lib/combobox';
import { useAccounts } from '../accounts';
import { storedPlanInForce } from '../billing';
import { BudgetDialog } from '../budgets';
import { ImportDialog } from '../imports';
import { DetectedSubscriptionsDialog } from '../subscriptions';
import { categorySelectData } from '../transactions';
import {
  openStep,
  useBudgetProposal,
  useCategoriseMerchants,
  useMarkStep,
  useOnboarding,
  useOnboardingFollowsChanges,
  useUncategorisedMerchants,
} from './api/onboarding';

const TITLES: Record<OnboardingStep, { title: string; description: string }> = {
  connect: {
    title: 'Bring your money in',
    description: 'Link a bank, or import the file your bank exports. The rest of the guide works from it.',
  },
  categories: {
    title: 'Review categories',
    description: 'Your largest merchants without a category, in one screen. A rule keeps each one sorted.',
  },
  budget: {
    title: 'Your first budget',
    description:
      'Proposed from the last three months of spending by category. Change anything before saving.',
  },
  subscriptions: {
    title: 'Confirm subscriptions',
    description: 'Recurring charges found in your history: confirm the ones you want to track.',
  },
  goal: {
    title: 'Set a first goal',
    description: 'Something to save toward; leftover budget can fund it.',
  },
};

const FAILED = 'That did not save. Please try again.';

/**
 * The dashboard's first-run guide ("white-glove onboarding"): five steps, each done by doing it (or
 * skipped), the current one open. It remembers where the person is and is gone once every step is done
 * or skipped.
 */
export function OnboardingGuide() {
  const state = useOnboarding(false);
  if (!state.data || state.data.finished) return null;
  return <Guide state={state.data} />;
}

function Guide({ state }: { state: OnboardingState }) {
  const mark = useMarkStep();
  const refresh = useOnboardingFollowsChanges();
  const current = openStep(state);
  const finished = state.steps.filter((s) => s.status !== 'todo').length;
  const set = (step: OnboardingStep, status: 'done' | 'skipped') =>
    mark.mutate({ step, status }, { onError: (error) => toast.error('Error', serverMessage(error, FAILED)) });

  return (
    <Card component="section" aria-label="Get set up">
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Title order={2} fz="lg">
            Get set up
          </Title>
          <Text fz="sm" c="dimmed">
            {finished} of {ONBOARDING_STEPS.length} steps done
          </Text>
        </div>
        <Progress
          value={(finished / ONBOARDING_STEPS.length) * 100}
          w={160}
          mt={8}
          aria-label="Setup progress"
        />
      </Group>
      <Stack gap={0} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {state.steps.map(({ step, status }, index) => {
          const open = step === current;
          return (
            <li
              key={step}
              aria-label={TITLES[step].title}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)', padding: '12px 0' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Badge
                  circle
                  size="lg"
                  variant={status === 'todo' ? (open ? 'filled' : 'light') : 'light'}
                  color={status === 'done' ? 'green' : status === 'skipped' ? 'gray' : 'brand'}
                  aria-hidden
                >
                  {status === 'done' ? <IconCheck size={14} /> : index + 1}
                </Badge>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{TITLES[step].title}</Text>
                    {state.prepared && PREPARED_STEPS.has(step) && status === 'todo' && (
                      <Badge variant="light" color="violet" size="sm">
                        Prepared for you
                      </Badge>
                    )}
                    {status !== 'todo' && (
                      <Text fz="xs" c="dimmed">
                        {status === 'done' ? 'Done' : 'Skipped'}
                      </Text>
                    )}
                  </Group>
                  {open && (
                    <Stack gap="sm" mt={4}>
                      <Text fz="sm" c="dimmed">
                        {TITLES[step].description}
                      </Text>
                      <StepBody
                        step={step}
                        prepared={state.prepared}
                        onDone={() => set(step, 'done')}
                        refresh={refresh}
                      />
                      <Group>
                        <Button variant="subtle" color="gray" size="xs" onClick={() => set(step, 'skipped')}>
                          Skip this step
                        </Button>
                      </Group>
                    </Stack>
                  )}
                </div>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}

/** The steps Premium's first import prepares (white-glove onboarding). */
const PREPARED_STEPS = new Set<OnboardingStep>(['budget', 'subscriptions']);

type StepProps = { prepared: PreparedSetup | null; onDone: () => void; refresh: () => void };

function StepBody({ step, prepared, onDone, refresh }: StepProps & { step: OnboardingStep }) {
  switch (step) {
    case 'connect':
      return <BringMoneyIn onImported={refresh} />;
    case 'categories':
      return <Categorise />;
    case 'budget':
      return <ProposedBudget prepared={prepared} />;
    case 'subscriptions':
      return <Subscriptions prepared={prepared} onDone={onDone} refresh={refresh} />;
    case 'goal':
      return (
        <Group>
          <Button component={Link} to="/savings?create=true">
            Create a goal
          </Button>
        </Group>
      );
  }
}

/** A bank linked on Accounts, or a statement file imported right here (into a new manual account if need be). */
function BringMoneyIn({ onImported }: { onImported: () => void }) {
  const [importing, setImporting] = useState(false);
  const accounts = useAccounts();
  return (
    <>
      <Group gap="sm">
        <Button component={Link} to="/accounts">
          Connect a bank
        </Button>
        <Button variant="default" onClick={() => setImporting(true)}>
          Import a file
        </Button>
      </Group>
      <ImportDialog
        opened={importing}
        onClose={() => {
          setImporting(false);
          onImported();
        }}
        accounts={accounts.data ?? []}
      />
    </>
  );
}

type Choice = { category: string | null; rule: boolean };

function Categorise() {
  const merchants = useUncategorisedMerchants(true, false);
  const save = useCategoriseMerchants();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  if (merchants.isPending) return <Skeleton h={160} />;
  if (!merchants.data) return <Text fz="sm">Your merchants could not be loaded.</Text>;
  const list = merchants.data.merchants;
  const chosen = list.flatMap(({ merchant }) => {
    const c = choices[merchant];
    return c?.category ? [{ merchant, category: Number(c.category) as CategoryCode, rule: c.rule }] : [];
  });
  const set = (merchant: string, patch: Partial<Choice>) =>
    setChoices((all) => ({
      ...all,
      [merchant]: { category: null, rule: true, ...all[merchant], ...patch },
    }));
  return (
    <Stack gap={6}>
      {list.map(({ merchant, count, spent }) => (
        <Group key={merchant} justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 180px' }}>
            <Text fz="sm" fw={500} lineClamp={1}>
              {merchant}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatMoney(spent)} · {count} {count === 1 ? 'transaction' : 'transactions'}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label={`Category for ${merchant}`}
              placeholder="Choose a category"
              data={categorySelectData()}
              value={choices[merchant]?.category ?? null}
              onChange={(category) => set(merchant, { category })}
              searchable
              size="xs"
              w={190}
              comboboxProps={LIST_MOUNTED_WHEN_OPEN}
            />
            <Checkbox
              size="xs"
              label="Rule"
              aria-label={`Always put ${merchant} in this category`}
              checked={choices[merchant]?.rule ?? true}
              onChange={(e) => set(merchant, { rule: e.currentTarget.checked })}
            />
          </Group>
        </Group>
      ))}
      <Group mt={4}>
        <Button
          disabled={chosen.length === 0}
          loading={save.isPending}
          onClick={() =>
            // Told whatever happens to this step meanwhile: once saved, the guide moves on and this unmounts.
            save.mutateAsync(chosen).then(
              (r) =>
                toast.success(
                  'Categories saved',
                  `${r.transactions} ${r.transactions === 1 ? 'transaction' : 'transactions'} categorised, ${r.rules} ${r.rules === 1 ? 'rule' : 'rules'} made.`,
                ),
              (error) => toast.error('Error', serverMessage(error, FAILED)),
            )
          }
        >
          Save categories
        </Button>
      </Group>
    </Stack>
  );
}

const categoriesText = (n: number) => `${n} ${n === 1 ? 'category' : 'categories'}`;

function ProposedBudget({ prepared }: Pick<StepProps, 'prepared'>) {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const proposal = useBudgetProposal(true);
  const plan = storedPlanInForce();
  if (proposal.isPending) return <Skeleton h={36} w={220} />;
  const found = proposal.data?.categories.length ?? 0;
  return (
    <>
      <Text fz="sm">
        {prepared && found > 0
          ? `Ready from your first import: ${categoriesText(found)}, ${formatMoney(prepared.budget.total)} a month.`
          : found > 0
            ? `${categoriesText(found)} from ${proposal.data?.months.length} months of spending.`
            : 'Not enough spending yet to propose amounts: start from an empty budget.'}
      </Text>
      <Group>
        <Button onClick={() => setOpened(true)}>Review the proposed budget</Button>
      </Group>
      <BudgetDialog
        opened={opened}
        onClose={() => setOpened(false)}
        today={todayIn(user.timeZone, new Date())}
        proposal={proposal.data ?? null}
        countUpLocked={!plan || !planAllows(plan, 'count-up')}
      />
    </>
  );
}

function Subscriptions({ prepared, onDone }: StepProps) {
  const [opened, setOpened] = useState(false);
  const plan = storedPlanInForce();
  if (!plan || !planAllows(plan, 'subscriptions')) {
    return (
      <Text fz="sm">
        Subscription tracking comes with Pro. <Link to="/settings#plan">Compare plans</Link>, or skip this
        step.
      </Text>
    );
  }
  const found = prepared?.subscriptions ?? [];
  return (
    <>
      {prepared && (
        <Text fz="sm">
          {found.length > 0
            ? `Found in your first import: ${found.length} recurring ${found.length === 1 ? 'charge' : 'charges'}.`
            : 'No recurring charges were found in your first import. Later charges are looked at too.'}
        </Text>
      )}
      {found.length > 0 && (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {found.map((s) => (
            <Group key={s.merchantName} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" lineClamp={1}>
                {s.merchantName}
              </Text>
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(s.amount)} · {FREQUENCY_LABELS[s.frequency]}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <Button onClick={() => setOpened(true)}>
          {found.length > 0 ? 'Review and confirm' : 'Find subscriptions'}
        </Button>
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
      <DetectedSubscriptionsDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
