import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { lazyDialog } from '../../components/lazy-dialog';

// The conversation's code comes the first time it opens; the top bar carries only the button.
const AdvisorDrawer = lazyDialog(async () => (await import('./AdvisorDrawer')).AdvisorDrawer);

/** The top bar's way to the advisor: a labelled button on wide screens, its icon alone on a phone. */
export function AskTally() {
  const [opened, { open, close }] = useDisclosure(false);
  const wide = useMediaQuery('(min-width: 48em)');
  return (
    <>
      {wide ? (
        <Button
          variant="light"
          leftSection={<IconSparkles size={18} stroke={1.8} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
        >
          Ask Tally
        </Button>
      ) : (
        <Tooltip label="Ask Tally">
          <ActionIcon variant="light" size="lg" aria-label="Ask Tally" aria-haspopup="dialog" onClick={open}>
            <IconSparkles size={18} stroke={1.8} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <AdvisorDrawer opened={opened} onClose={close} />
    </>
  );
}
