import type { AdvisorAnswer, InsightContext } from '@tally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError, serverMessage } from '../../lib/api';
import { log } from '../../lib/log';
import { queryKeys } from '../../lib/query-keys';
import { askTally } from './api/ask';

/** SPEC §8: what Tally says when the question could not be answered. */
export const QUERY_FAILED = 'Sorry, I encountered an error processing your request.';
/** SPEC §8: what Tally says when an answer came back without words. */
export const EMPTY_RESPONSE = 'Sorry, I could not process your request at this time.';
const LIMIT_REACHED = "You've used today's AI requests. Please try again tomorrow.";

export type TurnState =
  | { status: 'thinking' }
  /** The answer's words so far, while the rest (and its figures and proposals) is on its way. */
  | { status: 'answering'; text: string }
  | { status: 'answered'; answer: AdvisorAnswer }
  /** canRetry: false when asking again would be refused the same way (the day's limit, a bad question). */
  | { status: 'failed'; message: string; canRetry: boolean; planRefused?: boolean };

/** One question and Tally's reply to it. */
export type Turn = { id: number; question: string; state: TurnState };

/** How a failed question reads in the chat: the server's own words where it refused it, else SPEC §8's. */
export function failureOf(error: unknown): { message: string; canRetry: boolean; planRefused?: boolean } {
  if (error instanceof ApiError && error.status === 403 && error.code === 'PLAN_REQUIRED') {
    return { message: error.message, canRetry: false, planRefused: true };
  }
  if (error instanceof ApiError && error.status === 429) {
    return { message: serverMessage(error, LIMIT_REACHED), canRetry: false };
  }
  if (error instanceof ApiError && error.status === 400 && error.code) {
    return { message: error.message, canRetry: false };
  }
  return { message: QUERY_FAILED, canRetry: true };
}

/** What the screen the person is on is about; the advisor reads an unclear question in its light. */
const CONTEXTS: [prefix: string, context: InsightContext][] = [
  ['/dashboard', 'dashboard'],
  ['/budgets', 'budget'],
  ['/savings', 'savings'],
  ['/transactions', 'transactions'],
  ['/subscriptions', 'subscriptions'],
];

export function contextFor(pathname: string): InsightContext | undefined {
  return CONTEXTS.find(([prefix]) => pathname.startsWith(prefix))?.[1];
}

/**
 * The conversation: questions in the order asked, each with its reply. One question is answered at a time;
 * a failed one can be asked again in place.
 */
export function useAdvisorChat(context: InsightContext | undefined) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const lastId = useRef(0);
  const queryClient = useQueryClient();

  const settle = useCallback((id: number, state: TurnState) => {
    setTurns((all) => all.map((t) => (t.id === id ? { ...t, state } : t)));
  }, []);

  // The context is the screen the person is on when the question is sent.
  const run = useCallback(
    (id: number, question: string, on: InsightContext | undefined) => {
      const onText = (text: string) => {
        // Until there are words to show, Tally is still thinking.
        if (text.trim()) settle(id, { status: 'answering', text });
      };
      askTally({ query: question, context: on }, onText).then(
        (answer) => {
          settle(id, { status: 'answered', answer });
          // The question used one of the day's AI requests.
          void queryClient.invalidateQueries({ queryKey: queryKeys.ai.usage });
        },
        (error: unknown) => {
          const failure = failureOf(error);
          // A refusal (the day's limit, a bad question) is the person's to read, not a fault to report.
          if (failure.canRetry) log.warn('Asking Tally failed', error);
          settle(id, { status: 'failed', ...failure });
        },
      );
    },
    [settle, queryClient],
  );

  /** A question is being answered: its reply has not landed yet, though its first words may have. */
  const isThinking = turns.some((t) => t.state.status === 'thinking' || t.state.status === 'answering');

  /** Asks a question; false when it was not sent (blank, or another is still being answered). */
  const ask = (text: string): boolean => {
    const question = text.trim();
    if (!question || isThinking) return false;
    lastId.current += 1;
    const id = lastId.current;
    setTurns((all) => [...all, { id, question, state: { status: 'thinking' } }]);
    run(id, question, context);
    return true;
  };

  const retry = (id: number) => {
    const turn = turns.find((t) => t.id === id);
    if (!turn || isThinking) return;
    settle(id, { status: 'thinking' });
    run(id, turn.question, context);
  };

  // A reply still on its way to a cleared conversation finds no turn to land in.
  const clear = () => setTurns([]);

  return { turns, isThinking, ask, retry, clear };
}
