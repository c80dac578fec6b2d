import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { theme } from '../../app/theme';

export type FakeResponse = { status?: number; body?: unknown };
type Handler = (request: { body: unknown; calls: number }) => FakeResponse;

/**
 * A fake server behind `fetch`: answers by "METHOD /api/path" and records every request in order, so tests
 * see the calls the screen really makes (no module mocks).
 */
export function fakeApi(routes: Record<string, FakeResponse | Handler>) {
  const requests: { route: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ route, body });
    const routeHandler = routes[route];
    const calls = requests.filter((r) => r.route === route).length;
    const answer: FakeResponse =
      typeof routeHandler === 'function'
        ? routeHandler({ body, calls })
        : (routeHandler ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    routesCalled: () => requests.map((r) => r.route),
    count: (route: string) => requests.filter((r) => r.route === route).length,
  };
}

export function renderWithProviders(ui: ReactNode) {
  // Toasts live in a module-level store; one test's toasts must not reach the next.
  notifications.clean();
  notifications.cleanQueue();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  // A wrapper, so `rerender` keeps the providers (and the query cache).
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}

export const demoConfig = { googleClientId: null, bankMode: 'demo', plans: [] };
