import { afterAll, afterEach, expect } from 'vitest';
import { takeLeaks } from './leak-watch';

// A test fails when its traffic leaked a secret; afterAll catches what background jobs logged after it.
afterEach(() => {
  expect(takeLeaks()).toEqual([]);
});
afterAll(() => {
  expect(takeLeaks()).toEqual([]);
});
