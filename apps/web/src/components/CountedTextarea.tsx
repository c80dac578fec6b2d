import { Textarea, type TextareaProps } from '@mantine/core';
import classes from './CountedTextarea.module.css';

/**
 * A textarea with its length under it, e.g. '42/500'. Typing goes on past `max`: the count turns red, and the
 * form's schema says what is too long when it is checked.
 */
export function CountedTextarea({
  max,
  value = '',
  ...props
}: TextareaProps & { max: number; value?: string }) {
  return (
    <Textarea
      value={value}
      resize="vertical"
      description={
        <span className={value.length > max ? classes.over : undefined}>{`${value.length}/${max}`}</span>
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      classNames={{ description: classes.counter }}
      {...props}
    />
  );
}
