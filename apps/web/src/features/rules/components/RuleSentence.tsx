import { Text, type TextProps } from '@mantine/core';
import { ruleSentence, type SentenceRule } from '../rule-sentence';
import classes from '../rules.module.css';

/** A rule read as a sentence, the values the person chose in bold. */
export function RuleSentence({ rule, ...props }: { rule: SentenceRule; id?: string } & TextProps) {
  return (
    <Text className={classes.sentence} {...props}>
      {ruleSentence(rule).map((part) =>
        part.value ? (
          <strong key={part.key} className={classes.value}>
            {part.text}
          </strong>
        ) : (
          <span key={part.key}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
