import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { errorMessages, FORM_ERROR, showAtField, zodErrors } from './form';

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

describe('showAtField', () => {
  const fieldOf = (message: string) => (message.startsWith('Name') ? 'name' : null);
  it.each([
    { case: 'a refused body naming a field', error: new ApiError(400, 'Name is taken', 'X'), shown: true },
    {
      case: 'a thing the body names, not found',
      error: new ApiError(404, 'Name not found', 'X'),
      shown: true,
    },
    { case: 'a message about no field', error: new ApiError(400, 'Too many goals', 'X'), shown: false },
    { case: 'a refusal of another kind', error: new ApiError(429, 'Name later', 'X'), shown: false },
    { case: 'a server failure', error: new ApiError(500, 'Name broke', 'X'), shown: false },
    { case: 'no answer at all', error: new TypeError('Name unreachable'), shown: false },
  ])('$case', ({ error, shown }) => {
    const form = { setFieldError: vi.fn() };
    expect(showAtField<{ name: string }>(form, error, error.message, fieldOf)).toBe(shown);
    expect(form.setFieldError.mock.calls).toEqual(shown ? [['name', error.message]] : []);
  });
});
