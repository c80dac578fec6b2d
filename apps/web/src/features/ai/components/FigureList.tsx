import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { type FigureSource, formatMoney, type InsightFigure } from '@tally/shared';
import { Link } from 'react-router';
import classes from '../advisor.module.css';
import { figureHref, transactionCountText } from '../insight-visuals';

/** A figure's link to the Transactions screen (figureHref) and its words; null where no list stands behind it. */
export function figureLink(source: FigureSource): { href: string; text: string } | null {
  const href = figureHref(source);
  return href ? { href, text: transactionCountText(source.transactionCount) ?? 'See transactions' } : null;
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
