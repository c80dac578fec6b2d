import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api';

/** Where an issue about the whole form (not one field) is kept in a form's errors. */
export const FORM_ERROR = '';

/**
 * Every error a zod schema finds, shaped as @mantine/form's `validate` wants: one message per field (the
 * first the schema gives for it), and issues about the whole form under FORM_ERROR.
 */
export function zodErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** A @mantine/form `validate` function from a shared schema. */
export const zodResolver =
  <Values>(schema: z.ZodType) =>
  (values: Values): FormErrors =>
    zodErrors(schema, values);

/** Each distinct message once, in the schema's order, for forms that list their errors in one alert. */
export function errorMessages(errors: FormErrors): string[] {
  return [...new Set(Object.values(errors).filter((m): m is string => typeof m === 'string' && m !== ''))];
}

/**
 * Shows a refusal from the server at the field it is about, when `fieldOf` (a form's list of the shared schema's
 * messages) knows its message: the server checks again what only it knows, such as the day in the person's time
 * zone. A refused body answers 400, and a thing the body names that is not there (an account) 404. Answers
 * whether a field took the message.
 */
export function showAtField<Values>(
  form: Pick<UseFormReturnType<Values>, 'setFieldError'>,
  error: unknown,
  message: string,
  fieldOf: (message: string) => (keyof Values & string) | null,
): boolean {
  const refused = error instanceof ApiError && (error.status === 400 || error.status === 404);
  const field = refused ? fieldOf(message) : null;
  if (field) form.setFieldError(field, message);
  return field !== null;
}
