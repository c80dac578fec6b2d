import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

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
