import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { page } from '../lib/page';
import { useAuth } from './auth';

export function LoadingScreen() {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="dimmed">Loading...</Text>
      </Stack>
    </Center>
  );
}

/**
 * The signed-in app. The page's boot script already sent visitors without a session to /login; this
 * catches a session that turned out to be gone (the server no longer knows the token).
 */
export function RequireAuth() {
  const { state } = useAuth();
  const guest = state.status === 'guest';
  useEffect(() => {
    if (guest) page.leaveFor('/login');
  }, [guest]);
  if (state.status !== 'authenticated') return <LoadingScreen />;
  return <Outlet />;
}
