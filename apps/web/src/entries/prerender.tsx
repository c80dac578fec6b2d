// Built for Node (vite build --ssr) and run once after the browser build by scripts/postbuild.mjs: the
// HTML of each public page, which the browser shows before any script runs and then hydrates, and the
// signed-in app's frame for each of its screens, which the browser paints until the app takes over.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter, Route, Routes } from 'react-router';
import { FrameAuthProvider } from '../app/auth';
import { PublicApp } from '../app/PublicApp';
import { APP_PATHS } from '../app/paths';
import { AppLayout } from '../app/shell/AppLayout';
import { ScreenFrame } from '../app/shell/ScreenFrame';
import { ThemeProvider } from '../app/ThemeProvider';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { LandingPage } from '../features/landing/LandingPage';

/** Each prerendered page by the HTML file it fills (the same names as vite.config.ts's inputs). */
export const PAGES: Record<string, ComponentType> = {
  'index.html': LandingPage,
  'login.html': LoginPage,
  'register.html': RegisterPage,
};

export async function renderPage(file: string): Promise<string> {
  const page = PAGES[file];
  if (!page) throw new Error(`No page for ${file}`);
  return render(<PublicApp page={page} />);
}

/** The app's screens that get a page of their own with the frame in it (/home only redirects). */
export const FRAMED_PATHS = APP_PATHS.filter((path) => path !== '/home');

/**
 * The app's frame at `path` (top bar, navigation, the screen's header and a loader) with nobody's name in
 * it: the same components the app renders before the screen's code arrives. Never hydrated: the app
 * renders anew and replaces it.
 */
export async function renderAppFrame(path: string): Promise<string> {
  return render(
    <ThemeProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <FrameAuthProvider>
            <Routes>
              <Route element={<AppLayout />}>
                <Route path="*" element={<ScreenFrame path={path} />} />
              </Route>
            </Routes>
          </FrameAuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

async function render(tree: ReactNode): Promise<string> {
  // One plain document: no boundary is split out to be put in place by inline scripts (React does so
  // above a size, for streaming).
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
