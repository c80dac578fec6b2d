import { z } from 'zod';
import { planCode } from './auth/auth.schema';

export const plan = z.object({
  code: planCode,
  name: z.string(),
  priceMonthly: z.number(),
  trialDays: z.number(),
  features: z.array(z.string()),
  accountLimit: z.number().nullable(),
  /** AI insight generations and advisor questions a day. */
  aiDailyLimit: z.number().int(),
});
export type Plan = z.infer<typeof plan>;

/** What the web app may know about the server's setup. */
export const publicConfig = z.object({
  googleClientId: z.string().nullable(),
  bankMode: z.enum(['demo', 'plaid']),
  plans: z.array(plan),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** The health check's answer: the server is up and its database answers. */
export const healthResponse = z.object({ status: z.literal('ok') });
