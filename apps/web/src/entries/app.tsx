// The signed-in app. First: every schema built after this parses without eval (see the file).
import '../lib/zod-setup';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@fontsource-variable/inter';
import '../app/font-fallback.css';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from '../app/router';
import { ThemeProvider } from '../app/ThemeProvider';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider>
      {/* Bottom-right, so toasts never cover the page actions in the top bar. */}
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
