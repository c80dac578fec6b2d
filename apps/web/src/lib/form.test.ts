import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMessages, FORM_ERROR, zodErrors } from './form';

const schema = z
  .object({
    name: z.string().min(1, 'Name is required').max(3, 'Name is too long'),
    age: z.number().min(0, 'Age cannot be negative'),
  })
  .refine((v) => v.name !== 'bob', { message: 'Not bob' });

describe('zodErrors', () => {
  it.each([
    { case: 'valid values', values: { name: 'amy', age: 3 }, errors: {} },
    {
      case: 'every field at once, not only the first',
      values: { name: '', age: -1 },
      errors: { name: 'Name is required', age: 'Age cannot be negative' },
    },
    {
      case: 'an issue about the whole form',
      values: { name: 'bob', age: 1 },
      errors: { [FORM_ERROR]: 'Not bob' },
    },
  ])('$case', ({ values, errors }) => expect(zodErrors(schema, values)).toEqual(errors));
});

describe('errorMessages', () => {
  it('lists each message once, in order, and skips empty ones', () => {
    expect(
      errorMessages({ email: 'Required', password: 'Required', confirm: 'Do not match', other: '' }),
    ).toEqual(['Required', 'Do not match']);
  });
});
