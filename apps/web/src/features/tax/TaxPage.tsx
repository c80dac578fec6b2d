import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconInfoCircle, IconReceiptTax } from '@tabler/icons-react';
import {
  CATEGORIES,
  type CategoryCode,
  FEATURE_PLAN,
  formatMoney,
  TAX_DISCLAIMER,
  TAX_TAGS,
  type TaxTag,
  type TaxTransaction,
  type TaxYear,
  taxTagName,
  todayIn,
} from '@tally/shared';
import { useState } from 'react';
import { useCurrentUser } from '../../app/auth';
import { SCREEN_HEADERS } from '../../app/shell/screens';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { StatCard } from '../../components/StatCard';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { isPlanRefusal, UpgradePanel } from '../billing';
import { useExportTax, useTagCategory, useTagTransaction, useTaxYear } from './api/tax';

const TAG_OPTIONS = TAX_TAGS.map((t) => ({ value: t.code, label: t.name }));
const EXPENSE_CATEGORIES = CATEGORIES.filter((c) => c.group !== 'Income');
const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const FAILED = 'The tag could not be saved. Please try again.';

/** Years to choose from: those with transactions, and always this one. */
function yearOptions(data: TaxYear | undefined, current: number) {
  const years = new Set([current, ...(data?.years ?? [])]);
  return [...years].sort((a, b) => b - a).map(String);
}

/**
 * The tax report (Premium): a year's spending by tax tag, the transactions behind each, the categories'
 * tags, and what looks deductible but is not tagged yet, with the year as CSV. It says plainly that it is
 * a summary, not advice.
 */
export function TaxPage() {
  const user = useCurrentUser();
  const currentYear = Number(todayIn(user.timeZone, new Date()).slice(0, 4));
  const [year, setYear] = useState(currentYear);
  const report = useTaxYear(year);
  const exporter = useExportTax();
  const data = report.data;

  const exportCsv = () =>
    exporter.mutate(year, {
      onSuccess: () => toast.success('Export Ready', `Your ${year} tax CSV is downloading.`),
      onError: (error) =>
        toast.error('Export Failed', serverMessage(error, 'The export failed. Please try again.')),
    });

  let content: React.ReactNode;
  if (report.isPending) {
    content = (
      <Stack gap="md" aria-busy>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={104} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  } else if (!data && isPlanRefusal(report.error)) {
    content = (
      <UpgradePanel
        plan={FEATURE_PLAN['tax-report']}
        title="The tax report is a Premium feature"
        description="Tag charitable giving, medical costs, business expenses and more; see each year's totals with the transactions behind them, find what you have not tagged yet, and export it all for your tax preparer."
      />
    );
  } else if (!data) {
    content = (
      <Card>
        <ErrorState
          message="Error loading your tax report"
          detail={serverMessage(report.error, 'Please try again.')}
          onRetry={() => void report.refetch()}
        />
      </Card>
    );
  } else {
    content = <Report data={data} />;
  }

  return (
    <Stack gap="lg">
      <PageHeader
        {...SCREEN_HEADERS['/tax']}
        actions={
          // Another year stays within reach when this one failed to load.
          !report.isPending &&
          !isPlanRefusal(report.error) && (
            <>
              <Select
                aria-label="Tax year"
                data={yearOptions(data, currentYear)}
                value={String(year)}
                onChange={(value) => value && setYear(Number(value))}
                allowDeselect={false}
                w={110}
              />
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} />}
                loading={exporter.isPending}
                disabled={!data || data.tags.length === 0}
                onClick={exportCsv}
              >
                Export CSV
              </Button>
            </>
          )
        }
      />
      <Alert
        variant="light"
        color="gray"
        icon={<IconInfoCircle size={18} />}
        title="A summary, not tax advice"
      >
        {TAX_DISCLAIMER}
      </Alert>
      {content}
    </Stack>
  );
}

function Report({ data }: { data: TaxYear }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          label={`Tagged in ${data.year}`}
          value={formatMoney(data.total)}
          hint={`${data.tags.reduce((n, t) => n + t.count, 0)} transactions`}
          icon={IconReceiptTax}
          color="brand"
        />
        {data.tags.slice(0, 3).map((t) => (
          <StatCard
            key={t.tag}
            label={t.name}
            value={formatMoney(t.total)}
            hint={`${t.count} ${t.count === 1 ? 'transaction' : 'transactions'}`}
            icon={IconReceiptTax}
            color="gray"
          />
        ))}
      </SimpleGrid>

      <Card>
        <Title order={2} fz="lg" mb="sm">
          By tax tag
        </Title>
        {data.tags.length === 0 ? (
          <EmptyState
            icon={IconReceiptTax}
            title={`Nothing tagged in ${data.year} yet`}
            description="Tag a category below to count all of its spending, or tag single transactions from the suggestions."
          />
        ) : (
          <Accordion variant="separated" multiple>
            {data.tags.map((t) => (
              <Accordion.Item key={t.tag} value={t.tag}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="sm">
                    <Text fw={600}>{t.name}</Text>
                    <Group gap="sm" wrap="nowrap">
                      <Text fz="sm" c="dimmed" visibleFrom="xs">
                        {t.count} {t.count === 1 ? 'transaction' : 'transactions'}
                      </Text>
                      <Text fw={700} style={amountStyle}>
                        {formatMoney(t.total)}
                      </Text>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <TaggedList transactions={t.transactions} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Card>

      <Suggestions data={data} />
      {data.notDeductible.length > 0 && <NotDeductible data={data} />}
      <CategoryTags data={data} />
    </Stack>
  );
}

/**
 * One transaction of the report: its name (and `badge`) over `detail`, then its amount and the buttons
 * (children). With a `label` it is a group of that name whose buttons go under the text when the row is
 * narrow (a suggestion's two); without, the buttons stay beside it.
 */
function TransactionRow({
  name,
  badge,
  detail,
  amount,
  plainAmount = false,
  label,
  children,
}: {
  name: string;
  badge?: React.ReactNode;
  detail: React.ReactNode;
  amount: number;
  /** Regular weight for the amount (rows set aside) rather than bold. */
  plainAmount?: boolean;
  label?: string;
  children: React.ReactNode;
}) {
  const grouped = label !== undefined;
  const title = (
    <Text fz="sm" fw={500} lineClamp={1}>
      {name}
    </Text>
  );
  return (
    <Group
      justify="space-between"
      wrap={grouped ? 'wrap' : 'nowrap'}
      gap={grouped ? 'xs' : 'sm'}
      py={grouped ? 'xs' : 8}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      role={grouped ? 'group' : undefined}
      aria-label={label}
    >
      <div style={grouped ? { minWidth: 0, flex: '1 1 220px' } : { minWidth: 0 }}>
        {badge ? (
          <Group gap={6} wrap="nowrap">
            {title}
            {badge}
          </Group>
        ) : (
          title
        )}
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {detail}
        </Text>
      </div>
      <Group gap={grouped ? 'xs' : 4} wrap="nowrap">
        <Text fz="sm" fw={plainAmount ? undefined : 600} style={amountStyle}>
          {formatMoney(amount)}
        </Text>
        {children}
      </Group>
    </Group>
  );
}

function TaggedList({ transactions }: { transactions: TaxTransaction[] }) {
  const tag = useTagTransaction();
  return (
    <Stack gap={0}>
      {transactions.map((t) => {
        const name = t.merchantName ?? t.description;
        return (
          <TransactionRow
            key={t.id}
            name={name}
            detail={
              <>
                {formatDay(t.date)} · {t.accountName} ·{' '}
                {t.taggedBy === 'category' ? `tagged by ${t.categoryName}` : 'tagged on its own'}
              </>
            }
            amount={t.amount}
          >
            {/* Its own tag comes off (back to its category's say); a category's tag is set aside. */}
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              aria-label={`${t.taggedBy === 'transaction' ? 'Untag' : 'Not deductible'}: ${name} on ${formatDay(t.date)}`}
              onClick={() =>
                tag.mutate(
                  { id: t.id, tag: t.taggedBy === 'transaction' ? null : 'none' },
                  { onError: (error) => toast.error('Error', serverMessage(error, FAILED)) },
                )
              }
            >
              {t.taggedBy === 'transaction' ? 'Untag' : 'Not deductible'}
            </Button>
          </TransactionRow>
        );
      })}
    </Stack>
  );
}

function Suggestions({ data }: { data: TaxYear }) {
  const tag = useTagTransaction();
  const save = (id: string, value: TaxTag | 'none', done: string) =>
    tag.mutate(
      { id, tag: value },
      {
        onSuccess: () => toast.success('Saved', done),
        onError: (error) => toast.error('Error', serverMessage(error, FAILED)),
      },
    );
  return (
    <Card>
      <Title order={2} fz="lg">
        Likely deductible, not tagged yet
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        Found from their merchants and categories. Tag the ones that count, or mark them not deductible.
      </Text>
      {data.suggestions.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nothing else in {data.year} looks deductible.
        </Text>
      ) : (
        <Stack gap={0}>
          {data.suggestions.map((s) => {
            const name = s.merchantName ?? s.description;
            return (
              <TransactionRow
                key={s.id}
                name={name}
                badge={
                  <Badge size="sm" variant="light">
                    {taxTagName(s.suggestedTag)}
                  </Badge>
                }
                detail={
                  <>
                    {formatDay(s.date)} · {s.categoryName} · suggested by {s.reason}
                  </>
                }
                amount={s.amount}
                label={`${name} on ${formatDay(s.date)}`}
              >
                <Button
                  size="compact-sm"
                  onClick={() =>
                    save(s.id, s.suggestedTag, `${name} is tagged ${taxTagName(s.suggestedTag)}.`)
                  }
                >
                  Tag as {taxTagName(s.suggestedTag)}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => save(s.id, 'none', `${name} is marked not deductible.`)}
                >
                  Not deductible
                </Button>
              </TransactionRow>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

/** What the person set aside: each can go back to its category's say (and the suggestions). */
function NotDeductible({ data }: { data: TaxYear }) {
  const tag = useTagTransaction();
  return (
    <Card>
      <Accordion variant="default" chevronPosition="right">
        <Accordion.Item value="not-deductible" style={{ borderBottom: 0 }}>
          <Accordion.Control px={0}>
            <Text fw={700} fz="lg">
              Marked not deductible ({data.notDeductible.length})
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={0}>
              {data.notDeductible.map((t) => {
                const name = t.merchantName ?? t.description;
                return (
                  <TransactionRow
                    key={t.id}
                    name={name}
                    detail={
                      <>
                        {formatDay(t.date)} · {t.categoryName}
                      </>
                    }
                    amount={t.amount}
                    plainAmount
                  >
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`Undo: ${name} on ${formatDay(t.date)}`}
                      onClick={() =>
                        tag.mutate(
                          { id: t.id, tag: null },
                          { onError: (error) => toast.error('Error', serverMessage(error, FAILED)) },
                        )
                      }
                    >
                      Undo
                    </Button>
                  </TransactionRow>
                );
              })}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Card>
  );
}

function CategoryTags({ data }: { data: TaxYear }) {
  const tagCategory = useTagCategory();
  const tagOf = new Map(data.categoryTags.map((c) => [c.category, c.tag]));
  return (
    <Card>
      <Title order={2} fz="lg">
        Category tags
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        A tagged category counts all of its spending, every year. A single transaction can still be marked
        otherwise.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {EXPENSE_CATEGORIES.map((c) => (
          <Group key={c.code} justify="space-between" wrap="nowrap" gap="sm">
            <Text fz="sm">{c.label}</Text>
            <Select
              aria-label={`Tax tag for ${c.label}`}
              placeholder="Not tagged"
              data={TAG_OPTIONS}
              value={tagOf.get(c.code) ?? null}
              clearable
              w={{ base: 170, xs: 230 }}
              size="xs"
              onChange={(value) =>
                tagCategory.mutate(
                  { category: c.code as CategoryCode, tag: (value as TaxTag | null) ?? null },
                  {
                    onSuccess: () =>
                      toast.success(
                        'Saved',
                        value
                          ? `${c.label} is tagged ${taxTagName(value as TaxTag)}.`
                          : `${c.label} is not tagged.`,
                      ),
                    onError: (error) => toast.error('Error', serverMessage(error, FAILED)),
                  },
                )
              }
            />
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}
