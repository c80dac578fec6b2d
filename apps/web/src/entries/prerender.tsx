// Built for Node (vite build --ssr) and run once after the browser build by scripts/postbuild.mjs: the
// HTML of each public page, which the browser shows before any script runs and then hydrates.
import type { ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { PublicApp } from '../app/PublicApp';
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
  // One plain document: no boundary is split out to be put in place by inline scripts (React does so
  // above a size, for streaming).
  const { prelude } = await prerenderToNodeStream(<PublicApp page={page} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
