import type { AdvisorAnswer } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from '../../lib/page';
import { type FakeResponse, fakeApi, renderWithProviders, serverEvent, streamedBody } from '../../test-utils';
import { AskTally } from './AskTally';
import {
  aBudget,
  aDiningFigure,
  aGoal,
  aGoalProposal,
  anAnswer,
  aPause,
  aRaise,
  aSubscription,
  BUDGET_ID,
  DINING_ID,
  NETFLIX_ID,
} from './advisor-test-fixtures';
import { SUGGESTED_QUESTIONS } from './components/Suggestions';
import { EMPTY_RESPONSE, QUERY_FAILED } from './use-advisor-chat';

const ASK = 'POST /api/ai/query';

// jsdom has no scrollIntoView; the conversation brings the newest question into view with it.
Element.prototype.scrollIntoView ??= () => {};
// Nor document.fonts, which Mantine's growing textarea listens to for web fonts loading.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A whole stream of server-sent events, arriving in one piece. */
function streamOf(...events: string[]): FakeResponse {
  const body = streamedBody([events.join('')]);
  body.end();
  return { stream: body.stream };
}

/** The advisor's answer as the server streams it: its words in one text event, then the whole answer. */
const streamed = (answer: AdvisorAnswer) =>
  streamOf(serverEvent('text', { text: answer.response }), serverEvent('answer', answer));

function Where() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

function renderShell(path = '/dashboard') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AskTally />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** Opens Ask Tally from the top bar; answers the drawer. */
async function openAdvisor() {
  fireEvent.click(screen.getByRole('button', { name: 'Ask Tally' }));
  return within(await screen.findByRole('dialog', { name: 'Ask Tally' }));
}

const input = () => screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

function typeAndSend(text: string) {
  type(text);
  fireEvent.keyDown(input(), { key: 'Enter' });
}

/** The reply beneath a question, once it is whole: no longer thinking, nor its words still arriving. */
async function replyTo(question: string) {
  const turn = (await screen.findByText(question)).closest('li');
  if (!turn) throw new Error(`No turn for "${question}"`);
  await waitFor(() => expect(turn.querySelector('[aria-busy="true"]')).toBeNull());
  return within(turn);
}

/** Opens Ask Tally on the screen at `path`, asks `question`, and answers the reply once it is whole. */
async function ask(question: string, path?: string) {
  renderShell(path);
  await openAdvisor();
  typeAndSend(question);
  return replyTo(question);
}

/** Holds back requests to one path until released, so a test can look at the drawer while they wait. */
function holdRequests(path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (request: RequestInfo | URL, init?: RequestInit) => {
    if (String(request).includes(path)) await held;
    return inner(request, init);
  });
  return release;
}

describe('Ask Tally', () => {
  it('opens from the top bar with the input focused and suggested questions', async () => {
    fakeApi({});
    renderShell();
    const drawer = await openAdvisor();
    await waitFor(() => expect(document.activeElement).toBe(input()));
    const suggestions = drawer.getByRole('list', { name: 'Try asking' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...SUGGESTED_QUESTIONS]);
    expect(drawer.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('asks a suggested question, for the screen the person is on, and shows the answer', async () => {
    const api = fakeApi({ [ASK]: () => streamed(anAnswer()) });
    renderShell('/budgets');
    const drawer = await openAdvisor();
    fireEvent.click(drawer.getByRole('button', { name: 'How much did I spend on dining out last month?' }));

    const reply = await replyTo('How much did I spend on dining out last month?');
    expect(reply.getByText(anAnswer().response)).toBeTruthy();
    expect(api.requests).toEqual([
      { route: ASK, body: { query: 'How much did I spend on dining out last month?', context: 'budget' } },
    ]);
    expect(api.to('/api/ai/query')[0]?.headers.get('accept')).toBe('text/event-stream');
    // The suggestions make way for the conversation; the keyboard stays in the input.
    expect(drawer.queryByRole('list', { name: 'Try asking' })).toBeNull();
    expect(document.activeElement).toBe(input());
  });

  it('shows Tally thinking while the answer is on its way, and announces the answer', async () => {
    fakeApi({ [ASK]: () => streamed(anAnswer()) });
    const release = holdRequests('/api/ai/query');
    renderShell();
    const drawer = await openAdvisor();
    typeAndSend('How much did I spend on dining out last month?');

    expect(await drawer.findByText('Thinking…')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Tally is thinking…');
    // The next question can be written meanwhile, but not sent.
    type('And groceries?');
    expect(drawer.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);

    release();
    await replyTo('How much did I spend on dining out last month?');
    expect(screen.getByRole('status').textContent).toBe(anAnswer().response);
    expect(input().value).toBe('And groceries?');
  });

  it('shows the words as they come, then the whole answer with its figures, announced once', async () => {
    const body = streamedBody();
    fakeApi({ [ASK]: { stream: body.stream } });
    renderShell();
    const drawer = await openAdvisor();
    typeAndSend('How much did I spend on dining out last month?');
    expect(await drawer.findByText('Thinking…')).toBeTruthy();

    // A line break is not yet words: still thinking.
    body.write(serverEvent('text', { text: '\n' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drawer.getByText('Thinking…')).toBeTruthy();
    body.write(serverEvent('text', { text: 'You spent $412.50' }));
    expect(await drawer.findByText('You spent $412.50')).toBeTruthy();
    expect(drawer.queryByText('Thinking…')).toBeNull();
    body.write(serverEvent('text', { text: ' on Dining Out\n' }));
    const words = await drawer.findByText('You spent $412.50 on Dining Out');
    expect(words.closest('[aria-busy="true"]')).toBeTruthy();
    // The figures come with the whole answer; the announcement waits for it, not reading each piece.
    expect(drawer.queryByRole('list', { name: 'Figures' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Tally is thinking…');
    // Still one question at a time.
    type('And groceries?');
    expect(drawer.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);

    body.write(serverEvent('answer', anAnswer()));
    body.end();
    const reply = await replyTo('How much did I spend on dining out last month?');
    // The whole answer takes the place of the words that came first.
    expect(reply.getByText(anAnswer().response)).toBeTruthy();
    expect(reply.queryByText(/You spent \$412\.50 on Dining Out$/)).toBeNull();
    expect(within(reply.getByRole('list', { name: 'Figures' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe(anAnswer().response);
    expect(drawer.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it('reads a stream cut anywhere: inside a line, between \\r and \\n, inside a character', async () => {
    const answer = anAnswer({ actions: [aRaise()] });
    const wire = [
      serverEvent('text', { text: 'You spent $412.50 ' }),
      serverEvent('text', { text: 'on Dining Out (Oct 1 – Oct 31, 2026)…' }),
      serverEvent('answer', answer),
    ]
      .join('')
      .replaceAll('\n', '\r\n');
    // One byte at a time: every event, line end and character arrives in pieces.
    const bytes = new TextEncoder().encode(wire);
    const body = streamedBody([...bytes].map((byte) => Uint8Array.of(byte)));
    body.end();
    fakeApi({ [ASK]: { stream: body.stream } });
    const reply = await ask('How much did I spend on dining out last month?');
    expect(reply.getByText(answer.response)).toBeTruthy();
    expect(reply.getByRole('list', { name: 'Figures' })).toBeTruthy();
    expect(reply.getByRole('button', { name: 'Raise Dining Out to $35.00' })).toBeTruthy();
  });

  it('sends on Enter and on Send, starts a new line on Shift+Enter, and keeps the questions in order', async () => {
    const api = fakeApi({
      [ASK]: ({ body, calls }) =>
        streamed(
          anAnswer({ response: `Answer ${calls} to ${(body as { query: string }).query}`, figures: [] }),
        ),
    });
    renderShell('/settings');
    const drawer = await openAdvisor();

    type('How much is left');
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(api.count(ASK)).toBe(0);

    typeAndSend('  How much is left in my budget?  ');
    await replyTo('How much is left in my budget?');
    expect(input().value).toBe('');

    type('What is my balance?');
    fireEvent.click(drawer.getByRole('button', { name: 'Send' }));
    await replyTo('What is my balance?');

    const conversation = drawer.getByRole('list', { name: 'Conversation' });
    expect(
      within(conversation)
        .getAllByRole('listitem')
        .map((turn) => turn.textContent),
    ).toEqual([
      'You asked: How much is left in my budget?Tally: Answer 1 to How much is left in my budget?',
      'You asked: What is my balance?Tally: Answer 2 to What is my balance?',
    ]);
    // Off the screens with a context of their own, none is sent.
    expect(api.requests.map((r) => r.body)).toEqual([
      { query: 'How much is left in my budget?' },
      { query: 'What is my balance?' },
    ]);
  });

  it('sends nothing blank, and counts characters near the 500 limit', async () => {
    const api = fakeApi({});
    renderShell();
    const drawer = await openAdvisor();
    typeAndSend('   ');
    expect(api.count(ASK)).toBe(0);

    expect(input().maxLength).toBe(500);
    const description = () =>
      document.getElementById(input().getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description()).toBe('Enter to send, Shift+Enter for a new line');
    type('a'.repeat(399));
    expect(drawer.queryByText(/\/500/)).toBeNull();
    type('a'.repeat(450));
    expect(description()).toBe('Enter to send, Shift+Enter for a new line450/500 characters');
  });

  it('keeps the line breaks of a numbered answer', async () => {
    const response =
      'Where your money went last month, by category:\n1. Rent: $1,800.00\n2. Groceries: $512.40';
    fakeApi({ [ASK]: () => streamed(anAnswer({ response, figures: [] })) });
    const reply = await ask('Where did my money go last month?');
    const text = reply.getByText(/Where your money went/);
    expect(text.textContent).toBe(response);
    expect(text.className).toMatch(/text/);
  });

  it('lists the figures with their amounts and links to the transactions behind them', async () => {
    fakeApi({
      [ASK]: () =>
        streamed(
          anAnswer({
            figures: [
              aDiningFigure(),
              aDiningFigure({
                label: 'Spent at Chipotle',
                amount: 1,
                source: {
                  ...aDiningFigure().source,
                  description: 'Transactions at Chipotle, last month (Oct 1 – Oct 31, 2026)',
                  category: null,
                  merchant: 'Chipotle',
                  transactionCount: 1,
                },
              }),
              {
                label: 'Netflix',
                amount: 17.99,
                source: {
                  description: 'Netflix, per month',
                  startDate: null,
                  endDate: null,
                  category: null,
                  merchant: null,
                  searchTerm: 'Netflix',
                  transactionCount: null,
                },
              },
              {
                label: 'Cash',
                amount: -1234.5,
                source: {
                  description: 'Checking and savings balances',
                  startDate: null,
                  endDate: null,
                  category: null,
                  merchant: null,
                  transactionCount: null,
                },
              },
            ],
          }),
        ),
    });
    const reply = await ask('How much did I spend on dining out last month?');

    const figures = within(reply.getByRole('list', { name: 'Figures' })).getAllByRole('listitem');
    expect(figures.map((f) => f.textContent)).toEqual([
      'Spent on Dining Out$412.50Transactions on Dining Out, last month (Oct 1 – Oct 31, 2026) · from 12 transactions for Spent on Dining Out',
      'Spent at Chipotle$1.00Transactions at Chipotle, last month (Oct 1 – Oct 31, 2026) · from 1 transaction for Spent at Chipotle',
      'Netflix$17.99Netflix, per month · See transactions for Netflix',
      'Cash-$1,234.50Checking and savings balances',
    ]);
    const dining = reply.getByRole('link', { name: 'from 12 transactions for Spent on Dining Out' });
    expect(dining.getAttribute('href')).toBe('/transactions?category=21&from=2026-10-01&to=2026-10-31');
    expect(
      reply.getByRole('link', { name: 'from 1 transaction for Spent at Chipotle' }).getAttribute('href'),
    ).toBe('/transactions?merchant=Chipotle&from=2026-10-01&to=2026-10-31');
    expect(reply.getByRole('link', { name: 'See transactions for Netflix' }).getAttribute('href')).toBe(
      '/transactions?q=Netflix',
    );
    expect(within(figures[3] as HTMLElement).queryByRole('link')).toBeNull();

    // A link opens Transactions with those filters and closes the drawer.
    fireEvent.click(dining);
    expect(screen.getByTestId('address').textContent).toBe(
      '/transactions?category=21&from=2026-10-01&to=2026-10-31',
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ask Tally' })).toBeNull());
  });

  it('writes a source shared by the figures before it once', async () => {
    const source = {
      description: 'Dining Out, this period (Nov 1 – Nov 30, 2026)',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      category: 21,
      merchant: null,
      transactionCount: null,
    };
    fakeApi({
      [ASK]: () =>
        streamed(
          anAnswer({
            figures: [
              { label: 'Dining Out budget', amount: 30, source },
              { label: 'Dining Out spent', amount: 35, source },
            ],
          }),
        ),
    });
    const reply = await ask('How much is left in my dining budget?');
    expect(
      within(reply.getByRole('list', { name: 'Figures' }))
        .getAllByRole('listitem')
        .map((f) => f.textContent),
    ).toEqual([
      'Dining Out budget$30.00Dining Out, this period (Nov 1 – Nov 30, 2026)',
      'Dining Out spent$35.00',
    ]);
  });

  describe('when Tally asks which one was meant', () => {
    const AMAZON = 'How much did I spend at amazon?';
    const PRIME = 'How much did I spend at Amazon Prime last month?';
    /** A clarifying answer: which of the person's two Amazons, each reading a whole question. */
    const whichOne = () =>
      anAnswer({
        response: 'Which one do you mean?',
        figures: [],
        intent: 'spending',
        choices: [
          { label: 'Amazon', question: 'How much did I spend at Amazon last month?' },
          { label: 'Amazon Prime', question: PRIME },
        ],
      });
    const prime = () =>
      anAnswer({
        response: 'You spent $14.99 at Amazon Prime last month (Oct 1 – Oct 31, 2026).',
        figures: [],
      });
    const choicesIn = (reply: ReturnType<typeof within>) =>
      within(reply.getByRole('group', { name: 'Choose what you meant' })).getAllByRole('button');

    it('offers the readings to choose from as buttons under its words', async () => {
      fakeApi({ [ASK]: () => streamed(whichOne()) });
      const reply = await ask(AMAZON);
      expect(reply.getByText('Which one do you mean?')).toBeTruthy();
      expect(choicesIn(reply).map((b) => b.textContent)).toEqual(['Amazon', 'Amazon Prime']);
      expect(choicesIn(reply).map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false]);
      expect(screen.getByRole('status').textContent).toBe('Which one do you mean?');
    });

    it('offers no choices with an answer that settles the question', async () => {
      fakeApi({ [ASK]: () => streamed(anAnswer()) });
      const reply = await ask('How much did I spend on dining out last month?');
      expect(reply.queryByRole('group', { name: 'Choose what you meant' })).toBeNull();
    });

    it("asks a choice's whole question, as if typed and sent, and shows its answer", async () => {
      const api = fakeApi({ [ASK]: ({ calls }) => streamed(calls === 1 ? whichOne() : prime()) });
      renderShell('/transactions');
      const drawer = await openAdvisor();
      typeAndSend(AMAZON);
      const first = await replyTo(AMAZON);

      type('a draft');
      fireEvent.click(first.getByRole('button', { name: 'Amazon Prime' }));
      const reply = await replyTo(PRIME);
      expect(reply.getByText(prime().response)).toBeTruthy();
      expect(api.requests).toEqual([
        { route: ASK, body: { query: AMAZON, context: 'transactions' } },
        { route: ASK, body: { query: PRIME, context: 'transactions' } },
      ]);
      const conversation = drawer.getByRole('list', { name: 'Conversation' });
      expect(
        within(conversation)
          .getAllByRole('listitem')
          .map((turn) => within(turn).getByText(/^How much/).textContent),
      ).toEqual([AMAZON, PRIME]);
      expect(screen.getByRole('status').textContent).toBe(prime().response);
      // As a sent question does, it takes the place of what was typed; the keyboard goes on in the input.
      expect(input().value).toBe('');
      expect(document.activeElement).toBe(input());
      // The earlier turn keeps its choices, to pick another.
      expect(choicesIn(first).map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false]);
    });

    it('disables the choices while a question is being answered', async () => {
      const body = streamedBody();
      const api = fakeApi({
        [ASK]: ({ calls }) => (calls === 1 ? streamed(whichOne()) : { stream: body.stream }),
      });
      const first = await ask(AMAZON);

      fireEvent.click(first.getByRole('button', { name: 'Amazon Prime' }));
      expect(await screen.findByText('Thinking…')).toBeTruthy();
      expect(choicesIn(first).map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);
      // A disabled choice asks nothing: still one question at a time.
      fireEvent.click(first.getByRole('button', { name: 'Amazon' }));
      expect(api.count(ASK)).toBe(2);
      body.write(serverEvent('text', { text: 'You spent $14.99' }));
      expect(await screen.findByText('You spent $14.99')).toBeTruthy();
      expect(choicesIn(first).map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);

      body.write(serverEvent('answer', prime()));
      body.end();
      await replyTo(PRIME);
      expect(choicesIn(first).map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, false]);
      expect(api.count(ASK)).toBe(2);
    });
  });

  describe('proposed changes', () => {
    const askFor = () => ask('How is my dining budget?');

    it('raises a budget category only once the person confirms', async () => {
      const api = fakeApi({
        [ASK]: () => streamed(anAnswer({ actions: [aRaise()] })),
        [`PUT /api/budget/${BUDGET_ID}/category/${DINING_ID}`]: { body: aBudget() },
      });
      const reply = await askFor();

      fireEvent.click(reply.getByRole('button', { name: 'Raise Dining Out to $35.00' }));
      const confirmation = reply.getByRole('group', { name: 'Raise Dining Out to $35.00?' });
      expect(
        within(confirmation).getByText('Your Dining Out budget for this period will be $35.00.'),
      ).toBeTruthy();
      const confirm = within(confirmation).getByRole('button', { name: 'Confirm' });
      await waitFor(() => expect(document.activeElement).toBe(confirm));
      expect(confirm.getAttribute('aria-describedby')).toBeTruthy();
      expect(api.count(`PUT /api/budget/${BUDGET_ID}/category/${DINING_ID}`)).toBe(0);

      fireEvent.click(confirm);
      expect(await reply.findByText(/Dining Out now has \$35\.00 budgeted\./)).toBeTruthy();
      expect(api.requests.at(-1)).toEqual({
        route: `PUT /api/budget/${BUDGET_ID}/category/${DINING_ID}`,
        body: { allocatedAmount: 35 },
      });
      expect(reply.getByRole('link', { name: 'Open Budgets' }).getAttribute('href')).toBe('/budgets');
      expect(reply.queryByRole('button', { name: 'Raise Dining Out to $35.00' })).toBeNull();
    });

    it('refreshes the budget and the insights after the change', async () => {
      fakeApi({
        [ASK]: () => streamed(anAnswer({ actions: [aRaise()] })),
        [`PUT /api/budget/${BUDGET_ID}/category/${DINING_ID}`]: { body: aBudget() },
      });
      const { queryClient } = renderShell();
      const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
      await openAdvisor();
      typeAndSend('How is my dining budget?');
      const reply = await replyTo('How is my dining budget?');
      fireEvent.click(reply.getByRole('button', { name: 'Raise Dining Out to $35.00' }));
      fireEvent.click(reply.getByRole('button', { name: 'Confirm' }));
      await reply.findByText(/now has/);
      // The answer used one of the day's AI requests; the change then refreshes what it touched.
      expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
        ['ai', 'usage'],
        ['budgets'],
        ['savings'],
        ['ai'],
      ]);
    });

    it('does nothing when the person cancels', async () => {
      const api = fakeApi({ [ASK]: () => streamed(anAnswer({ actions: [aRaise()] })) });
      const reply = await askFor();
      fireEvent.click(reply.getByRole('button', { name: 'Raise Dining Out to $35.00' }));
      fireEvent.click(reply.getByRole('button', { name: 'Cancel' }));
      const proposal = reply.getByRole('button', { name: 'Raise Dining Out to $35.00' });
      await waitFor(() => expect(document.activeElement).toBe(proposal));
      expect(api.routesCalled()).toEqual([ASK]);
    });

    it('creates the proposed goal with the default 10% share', async () => {
      const api = fakeApi({
        [ASK]: () => streamed(anAnswer({ actions: [aGoalProposal()] })),
        'POST /api/savings/goals': { status: 201, body: aGoal() },
      });
      const reply = await askFor();
      fireEvent.click(reply.getByRole('button', { name: 'Save for a laptop' }));
      expect(
        reply.getByText(
          'A savings goal “A laptop” of $1,200.00, by Dec 15, 2026, funded with 10% of your leftover budget.',
        ),
      ).toBeTruthy();
      fireEvent.click(reply.getByRole('button', { name: 'Confirm' }));
      expect(await reply.findByText(/Goal “A laptop” created\./)).toBeTruthy();
      expect(api.requests.at(-1)).toEqual({
        route: 'POST /api/savings/goals',
        body: { name: 'A laptop', targetAmount: 1200, targetDate: '2026-12-15', allocationPercentage: 10 },
      });
      expect(reply.getByRole('link', { name: 'Open Savings' }).getAttribute('href')).toBe('/savings');
    });

    it('pauses a subscription by sending it back whole with the paused status', async () => {
      const api = fakeApi({
        [ASK]: () => streamed(anAnswer({ actions: [aPause()] })),
        [`GET /api/subscriptions/${NETFLIX_ID}`]: { body: aSubscription() },
        [`PUT /api/subscriptions/${NETFLIX_ID}`]: { body: aSubscription({ status: 1 }) },
      });
      const reply = await askFor();
      fireEvent.click(reply.getByRole('button', { name: 'Pause Netflix' }));
      fireEvent.click(reply.getByRole('button', { name: 'Confirm' }));
      expect(await reply.findByText(/Netflix is paused\./)).toBeTruthy();
      expect(api.requests.slice(1)).toEqual([
        { route: `GET /api/subscriptions/${NETFLIX_ID}`, body: undefined },
        {
          route: `PUT /api/subscriptions/${NETFLIX_ID}`,
          body: {
            name: 'Netflix',
            amount: 17.99,
            frequency: 2,
            category: 1,
            description: 'Standard plan',
            nextDueDate: '2026-11-20',
            autoRenew: true,
            status: 1,
          },
        },
      ]);
    });

    it("shows the server's reason when the change fails, and lets the person try again", async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const api = fakeApi({
        [ASK]: () => streamed(anAnswer({ actions: [aGoalProposal()] })),
        'POST /api/savings/goals': ({ calls }) =>
          calls === 1
            ? {
                status: 400,
                body: {
                  message: 'Total allocation cannot exceed 100%. Available: 5%',
                  code: 'VALIDATION_ERROR',
                },
              }
            : { status: 201, body: aGoal() },
      });
      const reply = await askFor();
      fireEvent.click(reply.getByRole('button', { name: 'Save for a laptop' }));
      fireEvent.click(reply.getByRole('button', { name: 'Confirm' }));
      expect((await reply.findByRole('alert')).textContent).toBe(
        'Total allocation cannot exceed 100%. Available: 5%',
      );
      fireEvent.click(reply.getByRole('button', { name: 'Confirm' }));
      expect(await reply.findByText(/Goal “A laptop” created\./)).toBeTruthy();
      expect(api.count('POST /api/savings/goals')).toBe(2);
    });

    it('says so in its own words when the server gives no reason', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      fakeApi({
        [ASK]: () => streamed(anAnswer({ actions: [aPause()] })),
        [`GET /api/subscriptions/${NETFLIX_ID}`]: { status: 502, text: '<html>Bad gateway</html>' },
      });
      const reply = await askFor();
      fireEvent.click(reply.getByRole('button', { name: 'Pause Netflix' }));
      fireEvent.click(reply.getByRole('button', { name: 'Confirm' }));
      expect((await reply.findByRole('alert')).textContent).toBe(
        'Failed to update the subscription. Please try again.',
      );
    });
  });

  describe('when a question cannot be answered', () => {
    it('says it encountered an error, and Retry asks again', async () => {
      const api = fakeApi({
        [ASK]: ({ calls }) =>
          calls === 1
            ? { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL' } }
            : streamed(anAnswer()),
      });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const reply = await ask('How much did I spend on dining out last month?');
      expect(reply.getByText(QUERY_FAILED)).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe(QUERY_FAILED);

      fireEvent.click(reply.getByRole('button', { name: 'Retry' }));
      expect(await reply.findByText(anAnswer().response)).toBeTruthy();
      expect(reply.queryByText(QUERY_FAILED)).toBeNull();
      expect(api.count(ASK)).toBe(2);
    });

    it('says it encountered an error when the server reports one mid-answer, and Retry asks again', async () => {
      const api = fakeApi({
        [ASK]: ({ calls }) =>
          calls === 1
            ? streamOf(
                serverEvent('text', { text: 'You spent' }),
                serverEvent('error', { message: QUERY_FAILED }),
              )
            : streamed(anAnswer()),
      });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const reply = await ask('How much did I spend on dining out last month?');
      expect(reply.getByText(QUERY_FAILED)).toBeTruthy();
      expect(reply.queryByText('You spent')).toBeNull();
      expect(screen.getByRole('status').textContent).toBe(QUERY_FAILED);

      fireEvent.click(reply.getByRole('button', { name: 'Retry' }));
      expect(await reply.findByText(anAnswer().response)).toBeTruthy();
      expect(api.count(ASK)).toBe(2);
    });

    it('says it encountered an error when the answer stops short or the connection drops', async () => {
      const dropped = streamedBody([serverEvent('text', { text: 'You spent' })]);
      const api = fakeApi({
        [ASK]: ({ calls }) =>
          calls === 1
            ? streamOf(serverEvent('text', { text: 'You spent' }))
            : calls === 2
              ? { stream: dropped.stream }
              : streamed(anAnswer()),
      });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      let reply = await ask('What did I spend?');
      expect(reply.getByText(QUERY_FAILED)).toBeTruthy();

      fireEvent.click(reply.getByRole('button', { name: 'Retry' }));
      expect(await reply.findByText('You spent')).toBeTruthy();
      dropped.fail(new TypeError('network error'));
      reply = await replyTo('What did I spend?');
      expect(reply.getByText(QUERY_FAILED)).toBeTruthy();

      fireEvent.click(reply.getByRole('button', { name: 'Retry' }));
      expect(await reply.findByText(anAnswer().response)).toBeTruthy();
      expect(api.count(ASK)).toBe(3);
    });

    it('says it encountered an error when the server cannot be reached', async () => {
      vi.stubGlobal('fetch', async () => {
        throw new TypeError('Failed to fetch');
      });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const reply = await ask('What is my balance?');
      expect(reply.getByText(QUERY_FAILED)).toBeTruthy();
      expect(reply.getByRole('button', { name: 'Retry' })).toBeTruthy();
    });

    it('says it could not process the request when the answer is empty', async () => {
      fakeApi({ [ASK]: () => streamed(anAnswer({ response: '  ', figures: [] })) });
      const reply = await ask('What is my balance?');
      expect(reply.getByText(EMPTY_RESPONSE)).toBeTruthy();
    });

    it("shows the daily limit's message, without a Retry that would be refused again", async () => {
      const limit = "You've used your 10 AI requests for today. They renew at midnight.";
      fakeApi({ [ASK]: { status: 429, body: { message: limit, code: 'AI_LIMIT_REACHED' } } });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const reply = await ask('What is my balance?');
      expect(reply.getByText(limit)).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe(limit);
      expect(reply.queryByRole('button', { name: 'Retry' })).toBeNull();
    });

    it('shows why a question was refused, without a Retry', async () => {
      const refused = 'Questions can be at most 500 characters';
      fakeApi({ [ASK]: { status: 400, body: { message: refused, code: 'VALIDATION_ERROR' } } });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const reply = await ask('What is my balance?');
      expect(reply.getByText(refused)).toBeTruthy();
      expect(reply.queryByRole('button', { name: 'Retry' })).toBeNull();
    });

    it('signs out and goes to the sign-in page when the session has ended, as every call does', async () => {
      localStorage.setItem('authToken', 'expired');
      localStorage.setItem('userData', '{}');
      const leaveFor = vi.spyOn(page, 'leaveFor').mockImplementation(() => {});
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const api = fakeApi({
        [ASK]: { status: 401, body: { message: 'Session expired', code: 'UNAUTHORIZED' } },
      });
      await ask('What is my balance?');
      expect(api.to('/api/ai/query')[0]?.headers.get('authorization')).toBe('Bearer expired');
      expect(leaveFor).toHaveBeenCalledWith('/login');
      expect(localStorage.getItem('authToken')).toBeNull();
      expect(localStorage.getItem('userData')).toBeNull();
    });

    it('declines an out-of-scope question in its own words', async () => {
      const decline =
        "I can't help with that. I can answer questions about your own money in Tally: what you spent.";
      fakeApi({ [ASK]: () => streamed(anAnswer({ response: decline, figures: [], intent: 'unknown' })) });
      const reply = await ask("What's the weather tomorrow?");
      expect(reply.getByText(decline)).toBeTruthy();
      expect(reply.queryByRole('list', { name: 'Figures' })).toBeNull();
    });
  });

  it('keeps the conversation while closed, and starts a new one on request', async () => {
    fakeApi({ [ASK]: () => streamed(anAnswer()) });
    renderShell();
    const drawer = await openAdvisor();
    typeAndSend('How much did I spend on dining out last month?');
    await replyTo('How much did I spend on dining out last month?');

    fireEvent.click(drawer.getByRole('button', { name: 'Close Ask Tally' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ask Tally' })).toBeNull());
    // The keyboard is back where it was.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ask Tally' }));
    const reopened = await openAdvisor();
    const conversation = reopened.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText(anAnswer().response)).toBeTruthy();

    fireEvent.click(reopened.getByRole('button', { name: 'New conversation' }));
    expect(reopened.getByRole('list', { name: 'Try asking' })).toBeTruthy();
    expect(reopened.queryByRole('list', { name: 'Conversation' })).toBeNull();
    expect(document.activeElement).toBe(input());
  });
});
