import { Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageQuestion, IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import classes from '../advisor.module.css';

/** Questions the advisor answers from a person's own numbers, offered while the chat is empty. */
export const SUGGESTED_QUESTIONS = [
  'How much did I spend on dining out last month?',
  'How much is left in my budget?',
  'What subscriptions are due this week?',
  'Can I afford $500 by the end of the month?',
  'How are my savings goals doing?',
] as const;

/** The empty chat: what Tally can do, and questions to start with (a click asks one). */
export function Suggestions({ onAsk }: { onAsk: (question: string) => void }) {
  const labelId = useId();
  return (
    <div className={classes.welcome}>
      <ThemeIcon variant="light" radius="xl" size={48} aria-hidden>
        <IconSparkles size={26} />
      </ThemeIcon>
      <Title order={3} fz="md" mt={4}>
        Ask about your money
      </Title>
      <Text fz="sm" c="dimmed" maw={340}>
        Tally answers from your own accounts, budget, subscriptions and goals, and shows the numbers behind
        every answer.
      </Text>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" id={labelId}>
        Try asking
      </Text>
      <ul className={classes.suggestions} aria-labelledby={labelId}>
        {SUGGESTED_QUESTIONS.map((question) => (
          <li key={question}>
            <button type="button" className={classes.suggestion} onClick={() => onAsk(question)}>
              <IconMessageQuestion size={16} className={classes.suggestionIcon} aria-hidden />
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
