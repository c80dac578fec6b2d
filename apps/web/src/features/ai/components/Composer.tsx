import { ActionIcon, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconSend2 } from '@tabler/icons-react';
import { MAX_QUESTION_LENGTH } from '@tally/shared';
import type { KeyboardEvent, Ref } from 'react';
import classes from '../advisor.module.css';

/** The counter shows from here on, so the limit is seen before it is reached. */
const COUNTER_FROM = MAX_QUESTION_LENGTH - 100;

/** Where a question is typed: Enter sends, Shift+Enter starts a new line. */
export function Composer({
  value,
  onChange,
  onSend,
  isThinking,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** While an answer is on its way the next question can be typed but not sent. */
  isThinking: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
}) {
  const canSend = value.trim().length > 0 && !isThinking;
  const showCounter = value.length >= COUNTER_FROM;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing a character picks the character; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };

  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <div className={classes.composerRow}>
        <Textarea
          ref={inputRef}
          data-autofocus
          className={classes.input}
          aria-label="Your question"
          // Under the input, and read with it: how to send, and (near the limit) how much room is left.
          description={
            <span className={classes.composerFoot}>
              <span>Enter to send, Shift+Enter for a new line</span>
              {showCounter && (
                <Text
                  component="span"
                  fz="xs"
                  c={value.length >= MAX_QUESTION_LENGTH ? 'var(--mantine-color-error)' : undefined}
                  fw={value.length >= MAX_QUESTION_LENGTH ? 700 : undefined}
                  className={classes.counter}
                >
                  {value.length}/{MAX_QUESTION_LENGTH}
                  <VisuallyHidden component="span"> characters</VisuallyHidden>
                </Text>
              )}
            </span>
          }
          inputWrapperOrder={['input', 'description']}
          placeholder="Ask about your spending, budget, goals…"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={MAX_QUESTION_LENGTH}
          autosize
          minRows={1}
          maxRows={5}
          radius="md"
        />
        <ActionIcon type="submit" size={36} radius="md" aria-label="Send" disabled={!canSend}>
          <IconSend2 size={18} aria-hidden />
        </ActionIcon>
      </div>
    </form>
  );
}
