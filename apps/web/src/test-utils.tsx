import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import type { User } from '@tally/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { theme } from './app/theme';

export type FakeResponse = {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, for answers that are files rather than JSON. */
  text?: string;
  /** Sent as it comes, part by part: an answer streamed as server-sent events. Read once. */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
};
export type FakeRequest = {
  /** "METHOD /api/path", without the query string. */
  route: string;
  /** The address exactly as the app asked for it. */
  href: string;
  url: URL;
  headers: Headers;
  body: unknown;
};
type Handler = (request: FakeRequest & { calls: number }) => FakeResponse;

/**
 * The web tests' one fake server behind `fetch`: answers by "METHOD /api/path" and records every request in
 * order, so tests see the calls the screen really makes (no module mocks). Unknown routes answer 404.
 */
export function fakeApi(routes: Record<string, FakeResponse | Handler>) {
  const sent: FakeRequest[] = [];
  /** Route and body of each request, in order: what most tests compare. */
  const requests: { route: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { route, href, url, headers: new Headers(init?.headers), body };
    sent.push(request);
    requests.push({ route, body });
    const routeHandler = routes[route];
    const calls = requests.filter((r) => r.route === route).length;
    const answer: FakeResponse =
      typeof routeHandler === 'function'
        ? routeHandler({ ...request, calls })
        : (routeHandler ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } });
    // As with a real fetch, the call's signal aborting breaks off a body still arriving.
    const stream =
      answer.stream && init?.signal
        ? answer.stream.pipeThrough(new TransformStream(), { signal: init.signal })
        : answer.stream;
    const content = stream ?? answer.text ?? (answer.body === undefined ? null : JSON.stringify(answer.body));
    return new Response(content, {
      status: answer.status ?? 200,
      headers: answer.headers ?? { 'content-type': answer.stream ? 'text/event-stream' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    routesCalled: () => requests.map((r) => r.route),
    count: (route: string) => requests.filter((r) => r.route === route).length,
    /** The requests to one path, whatever their method and query string. */
    to: (path: string) => sent.filter((r) => r.url.pathname === path),
  };
}

/**
 * A response body that arrives part by part, as a streamed answer does: `parts` at once, then whatever
 * the test writes, until it ends (or fails) the stream. Text is sent as UTF-8; bytes as they are, so a
 * part can end inside a character.
 */
export function streamedBody(parts: (string | Uint8Array)[] = []) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  const write = (part: string | Uint8Array) =>
    controller.enqueue(typeof part === 'string' ? new TextEncoder().encode(part) : part);
  for (const part of parts) write(part);
  return {
    stream,
    write,
    end: () => controller.close(),
    fail: (error: unknown) => controller.error(error),
    /** The reader let go of it before its end. */
    cancelled: () => cancelled,
  };
}

/** One server-sent event as the server writes it. */
export const serverEvent = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

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

/** A signed-in person for screen tests; override what the test is about. */
export const aUser = (patch: Partial<User> = {}): User => ({
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  profilePictureUrl: null,
  isGoogleUser: false,
  hasPassword: true,
  timeZone: 'UTC',
  // Paid Pro: every screen shows all it has; a test of Starter's upgrade prompts says so.
  plan: 'pro',
  trialEndsAt: null,
  trialPlan: 'pro',
  twoFactorEnabled: false,
  ...patch,
});
