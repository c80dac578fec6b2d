import { type AdvisorAnswer, advisorAnswer, type QueryBody, queryBody } from '@tally/shared';
import { z } from 'zod';
import { api, jsonBody } from '../../../lib/api';

/** A 'text' event: the next words of the answer. */
const words = z.object({ text: z.string() });

/**
 * POST /ai/query, streamed: the advisor's answer to one question, with the figures it stands on and the
 * changes it proposes. Its words come first, as they are written: onText hears all of them so far each
 * time more arrive. The whole answer follows and settles it; it may word things differently from those
 * first words. Fails on a refusal (as every call), on the server's error event, and on a stream that ends
 * without an answer. Not cached: the same words asked again are answered from the numbers as they are then.
 */
export async function askTally(body: QueryBody, onText: (text: string) => void): Promise<AdvisorAnswer> {
  let text = '';
  for await (const { event, data } of api.stream('ai/query', jsonBody(queryBody, body))) {
    if (event === 'text') {
      text += words.parse(JSON.parse(data)).text;
      onText(text);
    } else if (event === 'answer') {
      return advisorAnswer.parse(JSON.parse(data));
    } else if (event === 'error') {
      throw new Error(`The advisor failed: ${data}`);
    }
  }
  throw new Error('The answer stopped before it was complete');
}
