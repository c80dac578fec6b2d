import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { type FigureSource, formatMoney, type InsightFigure } from '@tally/shared';
import { Link } from 'react-router';
import { transactionsHref } from '../../../lib/transactions-url';
import classes from '../advisor.module.css';

/**
 * The Transactions screen filtered as the figure was counted, so the number can be checked in one click: a
 * merchant is that merchant only ("Uber", not "Uber Eats"), a search term is searched for as the search box
 * does (a subscription's name in its charges' descriptions). Null where no list of transactions stands
 * behind the number: cash on hand, a budget's allocation, a goal, a forecast.
 */
export function figureLink(source: FigureSource): { href: string; text: string } | null {
  const merchant = source.merchant?.trim() || null;
  const searchTerm = source.searchTerm?.trim() || null;
  if (source.transactionCount === null && merchant === null && searchTerm === null) return null;
  const href = transactionsHref({
    category: source.category,
    startDate: source.startDate,
    endDate: source.endDate,
    merchant,
    searchTerm,
  });
  const count = source.transactionCount;
  const text =
    count === null
      ? 'See transactions'
      : `from ${count.toLocaleString('en-US')} transaction${count === 1 ? '' : 's'}`;
  return { href, text };
}

/**
 * The numbers an answer stands on: each with its amount, where it came from and, where transactions make it
 * up, a link to them. A source shared by the figures before it is written once.
 */
export function FigureList({ figures, onNavigate }: { figures: InsightFigure[]; onNavigate: () => void }) {
  return (
    <ul className={classes.figures} aria-label="Figures">
      {figures.map((figure, i) => {
        const link = figureLink(figure.source);
        const sameSource = i > 0 && figures[i - 1]?.source.description === figure.source.description;
        return (
          <li key={`${figure.label}|${figure.source.description}`} className={classes.figure}>
            <div className={classes.figureHead}>
              <Text component="span" fz="sm" className={classes.figureLabel}>
                {figure.label}
              </Text>
              <Text component="span" fz="sm" fw={700} className={classes.amount}>
                {formatMoney(figure.amount)}
              </Text>
            </div>
            {(!sameSource || link) && (
              <Text fz="xs" c="dimmed" className={classes.figureSource}>
                {!sameSource && figure.source.description}
                {!sameSource && link && ' · '}
                {link && (
                  <Anchor
                    component={Link}
                    to={link.href}
                    onClick={onNavigate}
                    fz="xs"
                    fw={600}
                    className={classes.figureLink}
                  >
                    {link.text} <VisuallyHidden component="span">for {figure.label}</VisuallyHidden>
                    <IconArrowUpRight size={12} aria-hidden />
                  </Anchor>
                )}
              </Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}
