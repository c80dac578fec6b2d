import { lazy, Suspense } from 'react';

const GoogleSignIn = lazy(async () => ({ default: (await import('./GoogleSignIn')).GoogleSignIn }));

type Props = Parameters<typeof import('../../components/GoogleButton').GoogleButton>[0];

/** "OR" and Google's button, fetched only where Google sign-in is configured. */
export function LazyGoogleButton(props: Props) {
  return (
    <Suspense fallback={<div style={{ height: 82 }} />}>
      <GoogleSignIn {...props} />
    </Suspense>
  );
}
