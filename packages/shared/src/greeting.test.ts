import { describe, expect, it } from 'vitest';
import { displayName, greetingForHour } from './greeting';

describe('greetingForHour', () => {
  it.each([
    [0, 'Good morning'],
    [6, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [20, 'Good evening'],
    [23, 'Good evening'],
  ])('greets hour %i with %j', (hour, greeting) => {
    expect(greetingForHour(hour)).toBe(greeting);
  });
});

describe('displayName', () => {
  it.each([
    ['the first name', { firstName: 'Ada', email: 'countess@example.com' }, 'Ada'],
    ['the first name without surrounding spaces', { firstName: '  Ada ' }, 'Ada'],
    [
      "the email's local part when the first name is blank",
      { firstName: '   ', email: 'ada@example.com' },
      'ada',
    ],
    [
      "the email's local part when the first name is empty",
      { firstName: '', email: 'ada@example.com' },
      'ada',
    ],
    [
      "the email's local part when the first name is null",
      { firstName: null, email: 'ada@example.com' },
      'ada',
    ],
    [
      "the email's local part when there is no first name",
      { email: 'ada.lovelace@example.com' },
      'ada.lovelace',
    ],
    ["'there' when the email is missing too", { firstName: ' ' }, 'there'],
    ["'there' when the email is null", { firstName: null, email: null }, 'there'],
    ["'there' when the email has no local part", { email: '@example.com' }, 'there'],
    ["'there' for an empty user", {}, 'there'],
  ])('uses %s', (_case, user, name) => {
    expect(displayName(user)).toBe(name);
  });

  it.each([[null], [undefined]])("uses 'there' when there is no user (%s)", (user) => {
    expect(displayName(user)).toBe('there');
  });
});
