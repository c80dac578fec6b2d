import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { PushNotificationsRow } from './PushNotificationsRow';
import { keyBytes } from './use-push-subscription';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.com/send/abc';

/** A browser with the Push API: notifications permission as given, and a service worker that subscribes. */
function pushBrowser(permission: NotificationPermission) {
  const unsubscribe = vi.fn(async () => true);
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: keyBytes(KEY).buffer },
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BPp256dhkey', auth: 'authsecret' } }),
    unsubscribe,
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      getRegistration: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
  return { pushManager, requestPermission, unsubscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushNotificationsRow', () => {
  it('asks permission, subscribes this browser with the server key and saves it, then the switch', async () => {
    const browser = pushBrowser('granted');
    const api = fakeApi({
      'GET /api/notifications/push/key': { body: { publicKey: KEY } },
      'POST /api/notifications/push/subscriptions': { status: 204 },
    });
    const onChange = vi.fn();
    renderWithProviders(<PushNotificationsRow checked={false} disabled={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(true));
    expect(browser.requestPermission).toHaveBeenCalled();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(KEY),
    });
    expect(api.requests.at(-1)).toEqual({
      route: 'POST /api/notifications/push/subscriptions',
      body: { endpoint: ENDPOINT, keys: { p256dh: 'BPp256dhkey', auth: 'authsecret' } },
    });
  });

  it('unsubscribes this browser and forgets it on the server when turned off', async () => {
    const browser = pushBrowser('granted');
    await browser.pushManager.subscribe();
    const api = fakeApi({ 'DELETE /api/notifications/push/subscriptions': { status: 204 } });
    const onChange = vi.fn();
    renderWithProviders(<PushNotificationsRow checked disabled={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(false));
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(api.requests).toEqual([
      { route: 'DELETE /api/notifications/push/subscriptions', body: { endpoint: ENDPOINT } },
    ]);
  });

  it('says so when the browser blocks notifications, and leaves the switch off', async () => {
    pushBrowser('denied');
    fakeApi({});
    const onChange = vi.fn();
    renderWithProviders(<PushNotificationsRow checked={false} disabled={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Push notifications' }));
    expect(await screen.findByText(/Notifications are blocked for Tally in this browser/)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says so when the browser has no push, and still saves the choice', async () => {
    fakeApi({});
    const onChange = vi.fn();
    renderWithProviders(<PushNotificationsRow checked={false} disabled={false} onChange={onChange} />);
    expect(screen.getByText(/This browser can't receive push notifications/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(true));
  });
});
