import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test-utils';
import { HelpPage } from './HelpPage';

afterEach(() => vi.unstubAllGlobals());

const info = (over: object = {}) => ({
  channel: 'form',
  email: 'help@tally.test',
  priority: true,
  planName: 'Pro',
  replyTo: 'ana@example.com',
  ...over,
});
const sent = { sentAt: '2026-03-10T12:00:00.000Z', priority: true, replyTo: 'ana@example.com' };

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter>
      <HelpPage />
    </MemoryRouter>,
  );

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('HelpPage', () => {
  it('sends a message to support, says where the answer comes and that it is priority, and clears the form', async () => {
    const api = fakeApi({
      'GET /api/support': { body: info() },
      'POST /api/support/messages': { status: 201, body: sent },
    });
    renderPage();
    expect(await screen.findByText('Priority support')).toBeTruthy();
    expect(screen.getByText('Sent to help@tally.test; the answer comes to ana@example.com.')).toBeTruthy();
    fill(/Subject/, 'Import stuck');
    fill(/Message/, 'It has shown 40% since this morning.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText(
        'Marked priority. The answer will come to ana@example.com. A copy is under the bell.',
      ),
    ).toBeTruthy();
    expect(api.requests.filter((r) => r.route === 'POST /api/support/messages')).toEqual([
      {
        route: 'POST /api/support/messages',
        body: { subject: 'Import stuck', message: 'It has shown 40% since this morning.' },
      },
    ]);
    expect((screen.getByRole('textbox', { name: /Subject/ }) as HTMLInputElement).value).toBe('');
  });

  it('checks the form before sending, and shows the server’s refusal in its words', async () => {
    const api = fakeApi({
      'GET /api/support': { body: info({ priority: false, planName: 'Starter' }) },
      'POST /api/support/messages': {
        status: 429,
        body: {
          message:
            'You have sent 5 messages to support in the last hour. Please wait before sending another.',
          code: 'RATE_LIMITED',
        },
      },
    });
    renderPage();
    expect(await screen.findByText(/Pro and Premium messages are answered first\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/settings#plan');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter a subject')).toBeTruthy();
    expect(screen.getByText('Write your message')).toBeTruthy();
    expect(api.count('POST /api/support/messages')).toBe(0);
    fill(/Subject/, 'Hello');
    fill(/Message/, 'A question.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText(
        'You have sent 5 messages to support in the last hour. Please wait before sending another.',
      ),
    ).toBeTruthy();
  });

  it('without SMTP shows the address to write to, and without one says nobody is named', async () => {
    fakeApi({ 'GET /api/support': { body: info({ channel: 'email' }) } });
    const { unmount } = renderPage();
    const address = await screen.findByRole('link', { name: 'help@tally.test' });
    expect(address.getAttribute('href')).toBe('mailto:help@tally.test');
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    fakeApi({ 'GET /api/support': { body: info({ channel: 'none', email: null }) } });
    renderPage();
    expect(
      await screen.findByText(
        'This server has no support contact set up. Ask the person who runs it for help.',
      ),
    ).toBeTruthy();
  });

  it('says so when it cannot load, and asks again on request', async () => {
    const api = fakeApi({
      'GET /api/support': ({ calls }) =>
        calls === 1 ? { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } : { body: info() },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }, { timeout: 5_000 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy());
    expect(api.count('GET /api/support')).toBeGreaterThanOrEqual(2);
  });
});
