import { Group, Text, ThemeIcon } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactElement } from 'react';

type LinkProps = ComponentPropsWithoutRef<'a'>;

/**
 * The mark and the name, linking home. A plain link by default (the public pages are separate documents);
 * the signed-in app passes its router's link so the click stays inside the app.
 */
export function Logo({
  to = '/',
  size = 'md',
  link = (props) => <a href={to} {...props} />,
}: {
  to?: string;
  size?: 'sm' | 'md' | 'lg';
  link?: (props: LinkProps) => ReactElement;
}) {
  const box = { sm: 26, md: 32, lg: 40 }[size];
  return (
    <Group
      renderRoot={link}
      gap={8}
      wrap="nowrap"
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label="Tally home"
    >
      <ThemeIcon
        size={box}
        radius="md"
        variant="gradient"
        gradient={{ from: 'brand.8', to: 'teal.6', deg: 135 }}
      >
        <svg viewBox="0 0 64 64" width={box * 0.62} height={box * 0.62} aria-hidden>
          <path d="M14 18h36M32 18v30" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
          <circle cx="49" cy="46" r="5" fill="#b7f5da" />
        </svg>
      </ThemeIcon>
      <Text fw={800} fz={size === 'lg' ? 26 : size === 'sm' ? 18 : 22} style={{ letterSpacing: '-0.02em' }}>
        Tally
      </Text>
    </Group>
  );
}
