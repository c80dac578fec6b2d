// What every public page runs: its stylesheet, then hydration of the prerendered HTML (or, on the dev
// server, which does not prerender, a first render).
import '../app/public-styles';
import type { ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicApp } from '../app/PublicApp';

export function mountPublicPage(page: ComponentType) {
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  if (root.hasChildNodes()) hydrateRoot(root, <PublicApp page={page} />);
  else createRoot(root).render(<PublicApp page={page} />);
}
