import { useLocalStorage } from '@mantine/hooks';

/**
 * One of a few choices (a screen's view), remembered in this browser under `key`. Stored as the bare word,
 * not JSON; anything else read back is the first choice, the default.
 */
export function useStoredChoice<T extends string>(key: string, choices: readonly [T, ...T[]]) {
  const [fallback] = choices;
  return useLocalStorage<T>({
    key,
    defaultValue: fallback,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (choices.includes(value as T) ? (value as T) : fallback),
  });
}
