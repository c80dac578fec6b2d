import { Card, Group, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A dashboard panel: a region named by its title, with a subtitle and an action beside it. */
export function Panel({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    // A region named by its title: screen-reader users can jump between the dashboard's parts.
    <Card component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm" align="flex-start">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {subtitle && (
            <Text fz="xs" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {action}
      </Group>
      {children}
    </Card>
  );
}
