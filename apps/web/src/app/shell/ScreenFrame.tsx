import { Center, Loader, Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { LoadingScreen } from '../guards';
import { SCREEN_HEADERS, type ScreenPath } from './screens';

/**
 * A screen before its code has arrived: its own header where it has a fixed one, and a loader. The page's
 * prerendered HTML shows the same inside the app's frame (scripts/postbuild.mjs), so a phone paints the
 * screen's heading before any script has run, and nothing moves when the screen takes its place.
 */
export function ScreenFrame({ path }: { path?: string }) {
  const header = path === undefined ? undefined : SCREEN_HEADERS[path as ScreenPath];
  if (!header) return <LoadingScreen />;
  return (
    <Stack gap="lg">
      <PageHeader {...header} />
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    </Stack>
  );
}
