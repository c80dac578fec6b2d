import { Button, Center, Loader, useComputedColorScheme } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { log } from '../lib/log';

type GoogleId = {
  initialize: (opts: {
    client_id: string;
    callback: (r: { credential?: string }) => void;
    ux_mode?: 'popup';
  }) => void;
  renderButton: (el: HTMLElement, opts: Record<string, unknown>) => void;
  prompt: () => void;
};
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const LOAD_TIMEOUT_MS = 8000;
let loading: Promise<GoogleId> | null = null;

/** Loads Google Identity Services once; a failed load can be retried. */
function loadGoogleIdentity(): Promise<GoogleId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    const timer = setTimeout(() => reject(new Error('Google script timed out')), LOAD_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      if (window.google?.accounts?.id) resolve(window.google.accounts.id);
      else reject(new Error('Google script loaded without its API'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('Google script failed to load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelector(`script[src="${SCRIPT_URL}"]`)?.remove();
    throw error;
  });
  return loading;
}

type Props = {
  clientId: string;
  mode: 'signin' | 'signup';
  onCredential: (credential: string | undefined) => void;
  disabled?: boolean;
};

/** Google's own button when its script loads; our 'Sign in with Google' button when it does not. */
export function GoogleButton({ clientId, mode, onCredential, disabled }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const scheme = useComputedColorScheme('light');
  const callback = useRef(onCredential);
  callback.current = onCredential;

  const start = useCallback(async () => {
    setStatus('loading');
    try {
      const gis = await loadGoogleIdentity();
      gis.initialize({
        client_id: clientId,
        callback: (r) => callback.current(r.credential),
        ux_mode: 'popup',
      });
      setStatus('ready');
      return gis;
    } catch (error) {
      log.warn('Google sign-in could not load', error);
      setStatus('failed');
      return null;
    }
  }, [clientId]);

  useEffect(() => {
    void start();
  }, [start]);

  useEffect(() => {
    if (status !== 'ready' || !ref.current || !window.google) return;
    window.google.accounts.id.renderButton(ref.current, {
      type: 'standard',
      theme: scheme === 'dark' ? 'filled_black' : 'outline',
      size: 'large',
      text: mode === 'signup' ? 'signup_with' : 'signin_with',
      shape: 'rectangular',
      width: Math.min(ref.current.offsetWidth || 320, 400),
    });
  }, [status, scheme, mode]);

  if (status === 'failed') {
    return (
      <Button
        variant="default"
        fullWidth
        size="md"
        leftSection={<IconBrandGoogleFilled size={18} />}
        disabled={disabled}
        onClick={async () => (await start())?.prompt()}
      >
        Sign in with Google
      </Button>
    );
  }
  return (
    <div style={{ minHeight: 44, opacity: disabled ? 0.6 : 1, pointerEvents: disabled ? 'none' : 'auto' }}>
      {status === 'loading' && (
        <Center h={44}>
          <Loader size="sm" aria-label="Loading Google sign-in" />
        </Center>
      )}
      <div ref={ref} style={{ display: status === 'ready' ? 'flex' : 'none', justifyContent: 'center' }} />
    </div>
  );
}
