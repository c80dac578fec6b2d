import { Button, Loader, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconRefresh, IconSparkles } from '@tabler/icons-react';
import type { Ref } from 'react';
import classes from '../advisor.module.css';
import { EMPTY_RESPONSE, type Turn } from '../use-advisor-chat';
import { Choices } from './Choices';
import { FigureList } from './FigureList';
import { ProposedAction } from './ProposedAction';

/**
 * What Tally's reply says, in words: the text an announcement reads out. Words still arriving are not read
 * out one by one: the reply is announced once it is whole.
 */
export function replyText(turn: Turn): string {
  switch (turn.state.status) {
    case 'thinking':
    case 'answering':
      return 'Tally is thinking…';
    case 'failed':
      return turn.state.message;
    case 'answered':
      return turn.state.answer.response.trim() || EMPTY_RESPONSE;
  }
}

type ReplyProps = {
  turn: Turn;
  onRetry: (id: number) => void;
  /** Asks a question as if typed and sent: a choice Tally offered. */
  onAsk: (question: string) => void;
  /** Another question is being answered: it has to land before the next is asked. */
  isThinking: boolean;
  onNavigate: () => void;
};

function Reply({ turn, onRetry, onAsk, isThinking, onNavigate }: ReplyProps) {
  const { state } = turn;
  if (state.status === 'thinking') {
    return (
      <div className={`${classes.answer} ${classes.thinking}`} aria-busy>
        <Loader type="dots" size="sm" aria-hidden />
        <Text fz="sm" c="dimmed">
          Thinking…
        </Text>
      </div>
    );
  }
  if (state.status === 'answering') {
    // The words so far; the dots say more is coming (the rest, and the figures behind it).
    return (
      <div className={classes.answer} aria-busy>
        <Text fz="sm" className={classes.text}>
          {state.text.trimStart()}
        </Text>
        <Loader type="dots" size="xs" mt={6} aria-hidden />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={classes.answer} data-failed>
        <Text fz="sm" className={classes.text}>
          {state.message}
        </Text>
        {state.canRetry && (
          <Button
            mt="xs"
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => onRetry(turn.id)}
          >
            Retry
          </Button>
        )}
      </div>
    );
  }
  const { answer } = state;
  return (
    <div className={classes.answer}>
      <Text fz="sm" className={classes.text}>
        {replyText(turn)}
      </Text>
      {answer.choices.length > 0 && (
        <Choices choices={answer.choices} onAsk={onAsk} isThinking={isThinking} />
      )}
      {answer.figures.length > 0 && <FigureList figures={answer.figures} onNavigate={onNavigate} />}
      {answer.actions.length > 0 && (
        <div className={classes.actions}>
          {answer.actions.map((action) => (
            <ProposedAction key={action.label} action={action} onNavigate={onNavigate} />
          ))}
        </div>
      )}
    </div>
  );
}

/** One question, as the person asked it, and Tally's reply beneath it. */
export function TurnView({ ref, ...reply }: ReplyProps & { ref?: Ref<HTMLLIElement> }) {
  const { turn } = reply;
  return (
    <li className={classes.turn} ref={ref}>
      <div className={classes.question}>
        <VisuallyHidden component="span">You asked: </VisuallyHidden>
        <span>{turn.question}</span>
      </div>
      <div className={classes.answerRow}>
        <ThemeIcon variant="light" radius="xl" size={28} className={classes.avatar} aria-hidden>
          <IconSparkles size={16} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <VisuallyHidden component="span">Tally: </VisuallyHidden>
          <Reply {...reply} />
        </div>
      </div>
    </li>
  );
}
