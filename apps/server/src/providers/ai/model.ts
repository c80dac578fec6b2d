import type OpenAI from 'openai';
import type { Config } from '../../config';
import { lazily } from '../../lib/lazily';

/** The advisor's language model, when one is configured: an OpenAI-compatible endpoint and its prices. */
export type AdvisorModel = {
  /** The SDK's client, loaded on the first question: a server without a model never loads the SDK. */
  client: () => Promise<OpenAI>;
  model: string;
  /** What tokens cost, in millionths of a dollar. */
  costMicros: (tokens: { input: number; output: number }) => number;
};

/** Null without AI_BASE_URL and AI_MODEL: the built-in interpreter answers then. */
export function createAdvisorModel(ai: Config['ai']): AdvisorModel | null {
  if (!ai) return null;
  return {
    client: lazily(async () => {
      const { default: OpenAI } = await import('openai');
      return new OpenAI({ baseURL: ai.baseUrl, apiKey: ai.apiKey, timeout: 30_000, maxRetries: 1 });
    }),
    model: ai.model,
    // Dollars per million tokens are exactly micro-dollars per token.
    costMicros: ({ input, output }) =>
      Math.round(input * ai.inputCostPerMillion + output * ai.outputCostPerMillion),
  };
}
