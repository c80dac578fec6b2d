import { z } from 'zod';

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 5000;
/** How many messages one person may send to support in an hour. */
export const SUPPORT_MESSAGES_PER_HOUR = 5;

/**
 * How a person reaches support on this server: a form that emails the operator (SUPPORT_EMAIL with SMTP),
 * the operator's address to write to themselves (no SMTP), or nobody named (no SUPPORT_EMAIL).
 */
export const supportChannel = z.enum(['form', 'email', 'none']);
export type SupportChannel = z.infer<typeof supportChannel>;

/** GET /support. */
export const supportInfo = z.object({
  channel: supportChannel,
  /** The operator's support address, or null when none is set. */
  email: z.string().nullable(),
  /** Whether this person's messages are marked priority (Pro and Premium, a trial included). */
  priority: z.boolean(),
  /** The plan in force, as its name. */
  planName: z.string(),
  /** Where an answer goes: the person's own address. */
  replyTo: z.string(),
});
export type SupportInfo = z.infer<typeof supportInfo>;

/** POST /support/messages. */
export const supportMessageBody = z.object({
  subject: z
    .string({ error: 'Enter a subject' })
    .trim()
    .min(1, 'Enter a subject')
    .max(SUPPORT_SUBJECT_MAX, `The subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
  message: z
    .string({ error: 'Write your message' })
    .trim()
    .min(1, 'Write your message')
    .max(
      SUPPORT_MESSAGE_MAX,
      `The message must be at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
    ),
});
export type SupportMessageBody = z.infer<typeof supportMessageBody>;

export const supportMessageSent = z.object({
  sentAt: z.iso.datetime({ offset: true }),
  priority: z.boolean(),
  /** Where the answer will go. */
  replyTo: z.string(),
});
export type SupportMessageSent = z.infer<typeof supportMessageSent>;

/** Answered when a message cannot be sent from this server (no SMTP or no support address). */
export const supportUnavailableMessage = (email: string | null) =>
  email
    ? `Messages can't be sent from this server. Write to ${email} instead.`
    : 'This server has no support contact set up. Ask the person who runs it for help.';
