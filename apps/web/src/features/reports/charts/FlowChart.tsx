import '@mantine/charts/styles.css';
import { SankeyChart } from '@mantine/charts';
import { type FlowNode, formatMoney } from '@tally/shared';
import type { SVGProps } from 'react';

/** A place in the flow as drawn: its node, with the colour it and its links take. */
export type FlowPoint = FlowNode & { color: string };

type LinkShape = SVGProps<SVGPathElement> & {
  sourceX: number;
  targetX: number;
  sourceY: number;
  targetY: number;
  sourceControlX: number;
  targetControlX: number;
  linkWidth: number;
  payload: { source: FlowPoint; target: FlowPoint };
};

const themeColor = (name: string) => `var(--mantine-color-${name.replace('.', '-')})`;

/** A band between two places, in the colour of the one that is not the whole (the source or the use). */
function Band({
  sourceX,
  targetX,
  sourceY,
  targetY,
  sourceControlX,
  targetControlX,
  linkWidth,
  payload,
}: LinkShape) {
  const end = payload.target.kind === 'total' ? payload.source : payload.target;
  const half = linkWidth / 2;
  return (
    <path
      d={`M${sourceX},${sourceY + half} C${sourceControlX},${sourceY + half} ${targetControlX},${targetY + half} ${targetX},${targetY + half} L${targetX},${targetY - half} C${targetControlX},${targetY - half} ${sourceControlX},${sourceY - half} ${sourceX},${sourceY - half} Z`}
      fill={themeColor(end.color)}
      opacity={0.35}
      style={{ cursor: end.category === null ? 'default' : 'pointer' }}
    />
  );
}

/**
 * Where the period's money came from and went, as a Sankey: income sources into the whole, the whole into
 * spending categories and savings. A click on a category (or its band) opens its transactions.
 */
export function FlowChart({
  nodes,
  links,
  height,
  onOpen,
}: {
  nodes: FlowPoint[];
  links: Array<{ source: number; target: number; amount: number }>;
  height: number;
  onOpen: (node: FlowPoint) => void;
}) {
  return (
    <SankeyChart
      data={{
        nodes,
        links: links.map((l) => ({ source: l.source, target: l.target, value: l.amount })),
      }}
      height={height}
      nodeWidth={12}
      nodePadding={18}
      valueFormatter={formatMoney}
      tooltipAnimationDuration={0}
      sankeyProps={{
        margin: { top: 8, right: 8, bottom: 8, left: 8 },
        // The figure is hidden from screen readers (its caption says it, the table lists it): nothing to focus.
        accessibilityLayer: false,
        link: (props: unknown) => <Band {...(props as LinkShape)} />,
        onClick: (item, type) => {
          const payload = item.payload as unknown as FlowPoint | { source: FlowPoint; target: FlowPoint };
          const node =
            type === 'node'
              ? (payload as FlowPoint)
              : 'target' in payload
                ? payload.target.kind === 'total'
                  ? payload.source
                  : payload.target
                : null;
          if (node && node.category !== null) onOpen(node);
        },
      }}
    />
  );
}
