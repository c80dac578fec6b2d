import { Button, Group } from '@mantine/core';
import type { AdvisorChoice } from '@tally/shared';
import classes from '../advisor.module.css';

/**
 * The readings Tally offers when it could not settle a question alone: picking one asks its whole question,
 * as if typed and sent. While another question is being answered they wait, as the composer does.
 */
export function Choices({
  choices,
  onAsk,
  isThinking,
}: {
  choices: AdvisorChoice[];
  onAsk: (question: string) => void;
  isThinking: boolean;
}) {
  return (
    <Group gap="xs" mt="sm" role="group" aria-label="Choose what you meant" className={classes.choices}>
      {choices.map((choice) => (
        <Button
          key={`${choice.label}\n${choice.question}`}
          variant="light"
          size="xs"
          radius="xl"
          className={classes.choice}
          disabled={isThinking}
          onClick={() => onAsk(choice.question)}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}
