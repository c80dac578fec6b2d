// The signed-in app. First: every schema built after this parses without eval (see the file).
import '../lib/zod-setup';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@fontsource-variable/inter';
import '../app/font-fallback.css';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from '../app/router';
import { ThemeProvider } from '../app/ThemeProvider';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const root = createRoot(document.getElementById('root')!);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread until the whole screen is built (a phone's tap or scroll waits for no long task).
startTransition(() =>
  root.render(
    <StrictMode>
      <ThemeProvider>
        {/* Bottom-right, so toasts never cover the page actions in the top bar. */}
        <Notifications position="bottom-right" />
        <QueryClientProvider client={queryClient}>
          <AppRoutes />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  ),
);
