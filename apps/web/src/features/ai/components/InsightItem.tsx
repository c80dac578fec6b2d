import { ActionIcon, Badge, Group, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowRight, IconArrowUpRight, IconX } from '@tabler/icons-react';
import { formatMoney, type Insight, type InsightFigure } from '@tally/shared';
import { Link } from 'react-router';
import {
  confidenceText,
  figureHref,
  PRIORITY_VISUALS,
  TYPE_VISUALS,
  transactionCountText,
} from '../insight-visuals';
import classes from '../insights.module.css';

/** A number the insight stands on; a link to the transactions behind it when there are some. */
function FigureTile({ figure }: { figure: InsightFigure }) {
  const href = figureHref(figure.source);
  const count = transactionCountText(figure.source.transactionCount);
  // The spaces keep the words apart in the link's name; a flex container does not draw them.
  const content = (
    <>
      <span className={classes.figureHead}>
        <Text component="span" className={classes.figureLabel}>
          {figure.label}
        </Text>
        {href && <IconArrowUpRight size={14} className={classes.figureArrow} aria-hidden />}
      </span>{' '}
      <Text component="span" className={classes.figureAmount}>
        {formatMoney(figure.amount)}
      </Text>{' '}
      <Text component="span" className={classes.figureSource}>
        {figure.source.description}
      </Text>
      {count && (
        <>
          {' '}
          <Text component="span" className={classes.figureCount}>
            {count}
          </Text>
        </>
      )}
    </>
  );
  return (
    <li>
      {href ? (
        <Link to={href} className={classes.figure} data-linked title="See these transactions">
          {content}
        </Link>
      ) : (
        <div className={classes.figure}>{content}</div>
      )}
    </li>
  );
}

/** One insight (SPEC §3): its kind, priority and confidence, what it found, what to do, and its numbers. */
export function InsightItem({
  insight,
  onDismiss,
}: {
  insight: Insight;
  onDismiss: (insight: Insight) => void;
}) {
  const priority = PRIORITY_VISUALS[insight.priority];
  const type = TYPE_VISUALS[insight.type];
  const TypeIcon = type.icon;
  const headingId = `insight-${insight.id}`;
  return (
    <article aria-labelledby={headingId} className={classes.item} data-priority={insight.priority}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <ThemeIcon
            variant="light"
            color={priority.color}
            size={34}
            radius="md"
            className={classes.typeIcon}
          >
            <TypeIcon size={18} stroke={1.7} aria-hidden />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="md" lh={1.35} id={headingId} className={classes.title}>
              {insight.title}
            </Title>
            <Group gap={6} mt={4} wrap="wrap">
              <Badge color={priority.color} variant="light" radius="sm" tt="none" size="sm">
                {priority.label}
              </Badge>
              <Text fz="xs" c="dimmed">
                {type.label} · {confidenceText(insight.confidence)}
              </Text>
            </Group>
          </div>
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Dismiss insight: ${insight.title}`}
          onClick={() => onDismiss(insight)}
          className={classes.dismiss}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>

      <Text fz="sm" mt="sm" className={classes.message}>
        {insight.message}
      </Text>

      {insight.actionSuggestion && (
        <div className={classes.suggestion}>
          <IconArrowRight size={16} aria-hidden className={classes.suggestionIcon} />
          <Text fz="sm" fw={500}>
            <VisuallyHidden component="span">Suggestion: </VisuallyHidden>
            {insight.actionSuggestion}
          </Text>
        </div>
      )}

      {insight.figures.length > 0 && (
        <ul className={classes.figures} aria-label={`Figures for ${insight.title}`}>
          {insight.figures.map((figure) => (
            <FigureTile key={`${figure.label}-${figure.source.description}`} figure={figure} />
          ))}
        </ul>
      )}
    </article>
  );
}
