import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// jsdom lacks these; Mantine reads them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => cleanup());

// findBy and waitFor give up after 5 s instead of 1: a screen's first lazy chunk is transformed on demand,
// which took over a second once with the whole suite running on two cores.
configure({ asyncUtilTimeout: 5_000 });

// Test files share a worker one after another (isolate: false): each starts with empty storage, real
// timers and the real globals, whatever the file before it left.
localStorage.clear();
sessionStorage.clear();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
