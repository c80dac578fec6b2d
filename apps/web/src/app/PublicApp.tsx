import { type ComponentType, StrictMode, useEffect } from 'react';
import { ThemeProvider } from './ThemeProvider';

declare global {
  interface Window {
    /** A form submitted before the page was hydrated (held by the boot script, see vite.config.ts). */
    __tallyHeldSubmit?: HTMLFormElement;
  }
}

/** Once hydrated, the page says so and sends the form a person submitted while it was still loading. */
function Hydrated() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    const held = window.__tallyHeldSubmit;
    window.__tallyHeldSubmit = undefined;
    if (held?.isConnected) held.requestSubmit();
  }, []);
  return null;
}

/**
 * A public page (landing, sign-in, sign-up) with what it needs around it: no router, no query cache, no
 * toasts. The same tree is prerendered at build time and hydrated in the browser.
 */
export function PublicApp({ page: Page }: { page: ComponentType }) {
  return (
    <StrictMode>
      <ThemeProvider>
        <Page />
        <Hydrated />
      </ThemeProvider>
    </StrictMode>
  );
}
