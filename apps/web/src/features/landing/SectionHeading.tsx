import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './LandingPage.module.css';

type SectionHeadingProps = { id: string; eyebrow: string; title: ReactNode; description?: ReactNode };

/** The centred eyebrow, h2 and lead paragraph that open each landing section. */
export function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <Stack gap="sm" align="center" ta="center" maw={680} mx="auto" mb={{ base: 40, sm: 56 }}>
      <Text className={classes.eyebrow}>{eyebrow}</Text>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {description && (
        <Text size="lg" c="dimmed" lh={1.6}>
          {description}
        </Text>
      )}
    </Stack>
  );
}
