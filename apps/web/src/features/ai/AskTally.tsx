import { ActionIcon, Button } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';

// The conversation's code comes the first time it opens; the top bar carries only the button.
const AdvisorDrawer = lazyDialog(async () => (await import('./AdvisorDrawer')).AdvisorDrawer);

/** The top bar's way to the advisor: a labelled button on wide screens, its icon alone on a phone. */
export function AskTally() {
  const [opened, { open, close }] = useDisclosure(false);
  const wide = useMediaQuery('(min-width: 48em)');
  const trigger = useRef<HTMLButtonElement>(null);
  // The keyboard goes back to the button on closing. The drawer's own focus return does not know where it
  // came from the first time: its code arrives, and it mounts, already open.
  const hasOpened = useRef(false);
  useEffect(() => {
    if (opened) hasOpened.current = true;
    else if (hasOpened.current) trigger.current?.focus();
  }, [opened]);
  return (
    <>
      {wide ? (
        <Button
          ref={trigger}
          variant="light"
          leftSection={<IconSparkles size={18} stroke={1.8} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
        >
          Ask Tally
        </Button>
      ) : (
        // A native title, as the top bar's other buttons have: a Tooltip would set up its positioning on
        // every screen's start.
        <ActionIcon
          ref={trigger}
          variant="light"
          size="lg"
          aria-label="Ask Tally"
          title="Ask Tally"
          aria-haspopup="dialog"
          onClick={open}
        >
          <IconSparkles size={18} stroke={1.8} aria-hidden />
        </ActionIcon>
      )}
      <AdvisorDrawer opened={opened} onClose={close} />
    </>
  );
}
