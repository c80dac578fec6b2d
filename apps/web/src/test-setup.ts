import { cleanup } from '@testing-library/react';
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

// Test files share a worker one after another (isolate: false): each starts with empty storage, real
// timers and the real globals, whatever the file before it left.
localStorage.clear();
sessionStorage.clear();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
