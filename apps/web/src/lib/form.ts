import type { z } from 'zod';

/** The first message a schema finds in a form's values, or null when they pass. */
export function firstError(schema: z.ZodType, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check the form');
}
