import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCoins,
  IconPigMoney,
  IconTarget,
  IconTrophy,
  IconWallet,
} from '@tabler/icons-react';
import { formatMoney, type SavingsOverview } from '@tally/shared';
import { StatCard } from '../../../components/StatCard';
import classes from '../savings.module.css';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Unallocated Funds (SPEC §2): what this period's leftover holds that no goal takes. Above 0 it is an
 * orange warning with a tip; otherwise it says all is well.
 */
function UnallocatedCard({ overview }: { overview: SavingsOverview }) {
  const unallocated = overview.unallocatedAmount;
  const warn = unallocated > 0;
  return (
    <Card padding="md" className={warn ? classes.warnCard : undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fz="sm" fw={600} c="dimmed">
          Unallocated Funds
        </Text>
        <ThemeIcon
          variant="light"
          color={warn ? 'orange' : 'brand'}
          size={34}
          radius="md"
          aria-hidden
          visibleFrom="xs"
        >
          {warn ? <IconAlertTriangle size={18} stroke={1.7} /> : <IconCircleCheck size={18} stroke={1.7} />}
        </ThemeIcon>
      </Group>
      <Text
        fz={{ base: 20, sm: 26 }}
        fw={700}
        lh={1.2}
        mt={4}
        className={`${classes.amount} ${warn ? classes.tipWarn : ''}`}
      >
        {formatMoney(unallocated)}
      </Text>
      {warn ? (
        <div className={`${classes.tip} ${classes.tipWarn}`}>
          <span>
            <strong>Tip:</strong> no goal takes this yet. Raise an allocation or add a goal to put it to work.
          </span>
        </div>
      ) : (
        <div className={`${classes.tip} ${classes.tipOk}`}>
          <span>
            {overview.currentPeriodLeftover > 0
              ? 'Every dollar left over is going to a goal.'
              : 'Nothing left over is waiting for a goal.'}
          </span>
        </div>
      )}
    </Card>
  );
}

/** SPEC §2's six cards: what is saved, what goes to goals, the goals by state, the leftover and its rest. */
export function SummaryCards({ overview }: { overview: SavingsOverview }) {
  const paused = overview.goals.filter((g) => !g.isActive && !g.isCompleted).length;
  const growth = overview.monthlyGrowth;
  const period = overview.period;
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'lg' }}>
      <StatCard
        label="Total Saved"
        value={formatMoney(overview.totalSaved)}
        hint={
          growth > 0
            ? `+${formatMoney(growth)} in the last 30 days`
            : `Across ${plural(overview.goals.length, 'goal')}`
        }
        icon={IconPigMoney}
        color="brand"
      />
      <StatCard
        label="Allocated to Goals"
        value={formatMoney(overview.totalAllocatedPerPeriod)}
        hint={`${overview.totalAllocationPercentage}% of this period's leftover`}
        icon={IconCoins}
        color="indigo"
      />
      <StatCard
        label="Active Goals"
        value={overview.activeGoalsCount}
        hint={paused > 0 ? `${paused} paused` : 'Each takes a share per period'}
        icon={IconTarget}
        color="blue"
      />
      <StatCard
        label="Completed Goals"
        value={overview.completedGoalsCount}
        hint={overview.completedGoalsCount > 0 ? 'Reached their target' : 'None reached yet'}
        icon={IconTrophy}
        color="grape"
      />
      <StatCard
        label="Total Leftover Budget"
        value={formatMoney(overview.currentPeriodLeftover)}
        hint={
          period
            ? `${period.budgetName}, day ${period.daysElapsed} of ${period.totalDays}`
            : 'No active budget'
        }
        icon={IconWallet}
        color="teal"
      />
      <UnallocatedCard overview={overview} />
    </SimpleGrid>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'lg' }} aria-hidden>
      {['saved', 'allocated', 'active', 'completed', 'leftover', 'unallocated'].map((key) => (
        <Card key={key} padding="md">
          <Skeleton h={14} w="60%" />
          <Skeleton h={28} w="75%" mt={10} />
          <Skeleton h={10} w="50%" mt={10} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
