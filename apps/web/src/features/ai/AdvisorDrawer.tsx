import { ActionIcon, Drawer, Group, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconMessagePlus, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { storedPlanInForce, UpgradePanel } from '../billing';
import classes from './advisor.module.css';
import { Composer } from './components/Composer';
import { Suggestions } from './components/Suggestions';
import { replyText, TurnView } from './components/TurnView';
import { contextFor, useAdvisorChat } from './use-advisor-chat';

/**
 * Ask Tally: a conversation with the advisor in a drawer on the right (the whole screen on a phone). It
 * stays mounted while closed, so the conversation and any half-typed question are there when it reopens.
 */
export function AdvisorDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const reduceMotion = useReducedMotion();
  const { pathname } = useLocation();
  const chat = useAdvisorChat(contextFor(pathname));
  // On Starter the advisor is not there to ask: the upgrade is offered instead (also once a question
  // is refused for the plan, should the plan have changed elsewhere).
  const [upgraded, setUpgraded] = useState(false);
  const refused = chat.turns.at(-1)?.state;
  const locked =
    !upgraded &&
    (storedPlanInForce()?.code === 'starter' ||
      (refused?.status === 'failed' && refused.planRefused === true));
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const lastTurnRef = useRef<HTMLLIElement>(null);

  const ask = (question: string) => {
    if (chat.ask(question)) setDraft('');
    // A suggestion's button goes once the chat has begun, and a choice's is disabled while its question is
    // answered: the keyboard carries on in the input.
    inputRef.current?.focus();
  };

  const last = chat.turns.at(-1);
  // The newest question comes into view when it is asked and again when its reply lands, so a long
  // answer is read from its start.
  const lastStep = last ? `${last.id}:${last.state.status}` : null;
  useEffect(() => {
    if (lastStep === null) return;
    lastTurnRef.current?.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [lastStep, reduceMotion]);

  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 440}
      keepMounted
      className={classes.drawer}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <div className={classes.fill}>
          {/* Drawer.Header would be a <header>: a second banner landmark on the page. */}
          <div className={classes.header}>
            <Group gap="sm" wrap="nowrap" miw={0}>
              <ThemeIcon variant="light" radius="xl" size={36} aria-hidden>
                <IconSparkles size={20} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Drawer.Title fz="lg" fw={700} lh={1.2}>
                  Ask Tally
                </Drawer.Title>
                <Text fz="xs" c="dimmed">
                  Answers from your own numbers
                </Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap">
              {chat.turns.length > 0 && (
                <Tooltip label="New conversation" openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label="New conversation"
                    disabled={chat.isThinking}
                    onClick={() => {
                      chat.clear();
                      inputRef.current?.focus();
                    }}
                  >
                    <IconMessagePlus size={20} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              <Drawer.CloseButton aria-label="Close Ask Tally" size="lg" />
            </Group>
          </div>

          <div className={classes.conversation}>
            {locked ? (
              <UpgradePanel
                compact
                title="Ask Tally is a Pro feature"
                description="Ask about your spending, budgets and subscriptions in plain words and get answers worked out from your own numbers."
                onUpgraded={() => {
                  setUpgraded(true);
                  chat.clear();
                }}
              />
            ) : chat.turns.length === 0 ? (
              <Suggestions onAsk={ask} />
            ) : (
              <ol className={classes.turns} aria-label="Conversation">
                {chat.turns.map((turn) => (
                  <TurnView
                    key={turn.id}
                    ref={turn === last ? lastTurnRef : undefined}
                    turn={turn}
                    onRetry={chat.retry}
                    onAsk={ask}
                    isThinking={chat.isThinking}
                    onNavigate={onClose}
                  />
                ))}
              </ol>
            )}
          </div>

          {/* Replies are announced here, once each, rather than the whole conversation being live. */}
          <VisuallyHidden role="status" aria-live="polite">
            {last ? replyText(last) : ''}
          </VisuallyHidden>

          {!locked && (
            <Composer
              value={draft}
              onChange={setDraft}
              onSend={() => ask(draft)}
              isThinking={chat.isThinking}
              inputRef={inputRef}
            />
          )}
        </div>
      </Drawer.Content>
    </Drawer.Root>
  );
}
