import { randomUUID } from 'node:crypto';
import {
  planState,
  SUPPORT_MESSAGES_PER_HOUR,
  type SupportInfo,
  type SupportMessageBody,
  type SupportMessageSent,
  supportUnavailableMessage,
} from '@tally/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../lib/auth';
import { AppError, tooManyRequests } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { withUserLock } from '../../lib/user-lock';
import type { Mailer } from '../../providers/mail/mailer';
import {
  deleteSupportCopy,
  reserveSupportCopy,
  showSupportCopy,
  supportMessagesSince,
} from './support.queries';

export type SupportDeps = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Email through the server's SMTP, or null when it has none. */
  mailer: Mailer | null;
  /** Where support messages go (SUPPORT_EMAIL), or null when the operator named no one. */
  supportEmail: string | null;
};

const HOUR_MS = 60 * 60 * 1000;

function priorityOf(deps: SupportDeps, user: UserRow) {
  const plan = planState(user, deps.now()).plan;
  return { plan, priority: plan.code !== 'starter' };
}

/** GET /support: how this person reaches support here. */
export function supportInfo(deps: SupportDeps, user: UserRow): SupportInfo {
  const { plan, priority } = priorityOf(deps, user);
  return {
    channel: deps.supportEmail === null ? 'none' : deps.mailer ? 'form' : 'email',
    email: deps.supportEmail,
    priority,
    planName: plan.name,
    replyTo: user.email,
  };
}

/**
 * The operator's email: the person's subject after a fixed prefix that says the plan and, for Pro and
 * Premium, that it comes first; who wrote (reply goes to them) and their message, escaped in the HTML part.
 */
export function supportEmailFor(
  message: SupportMessageBody,
  from: {
    name: string;
    email: string;
    /** Whether the person proved they read that address (an answer to an unproven one may reach a stranger). */
    emailVerified: boolean;
    userId: string;
    planName: string;
    priority: boolean;
    sentAt: Date;
  },
) {
  const prefix = `${from.priority ? '[Priority] ' : ''}[${from.planName}]`;
  const facts = [
    `From: ${from.name ? `${from.name} <${from.email}>` : from.email}${from.emailVerified ? '' : ' (address not verified)'}`,
    `Plan: ${from.planName}${from.priority ? ' (priority support)' : ''}`,
    `Account: ${from.userId}`,
    `Sent: ${from.sentAt.toISOString()}`,
  ];
  const text = [...facts, '', message.message].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; color: #1f2933; line-height: 1.5">
<p style="margin: 0 0 16px; font-size: 13px; color: #5f6b76">${facts.map(escapeHtml).join('<br>')}</p>
<p style="margin: 0; white-space: pre-wrap">${escapeHtml(message.message)}</p>
</body></html>`;
  // A subject is one line: line breaks a person typed would start new headers.
  const subject = `${prefix} ${message.subject.replace(/[\r\n]+/g, ' ')}`;
  return { subject, text, html };
}

/** The copy's words: the start of the message (a notification is read at a glance, and pushed nowhere). */
const EXCERPT = 280;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text);

/**
 * POST /support/messages: emails the operator, at most SUPPORT_MESSAGES_PER_HOUR an hour per person, with a
 * copy under the person's bell. The copy is written first, hidden, under the person's lock (two sends at once
 * cannot both take the last one of the hour); it shows once the email has gone, and is taken back if it
 * cannot go.
 */
export async function sendSupportMessage(
  deps: SupportDeps,
  user: UserRow,
  message: SupportMessageBody,
): Promise<SupportMessageSent> {
  const { mailer, supportEmail } = deps;
  if (!mailer || supportEmail === null) {
    throw new AppError(409, 'SUPPORT_UNAVAILABLE', supportUnavailableMessage(supportEmail));
  }
  const { plan, priority } = priorityOf(deps, user);
  const sentAt = deps.now();
  const key = `support:${randomUUID()}`;
  await withUserLock(deps.db, 'support', user.id, async (tx) => {
    const since = new Date(sentAt.getTime() - HOUR_MS);
    if ((await supportMessagesSince(tx, { userId: user.id, since })) >= SUPPORT_MESSAGES_PER_HOUR) {
      throw tooManyRequests(
        `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages to support in the last hour. Please wait before sending another.`,
      );
    }
    await reserveSupportCopy(tx, {
      userId: user.id,
      notice: {
        kind: 'support_message',
        key,
        title: `Message sent to support: ${message.subject}`,
        body: `${excerpt(message.message)}\n\n${priority ? 'Marked priority. ' : ''}The answer will come to ${user.email}.`,
        link: '/help',
      },
      createdAt: sentAt,
    });
  });
  try {
    await mailer.send({
      to: supportEmail,
      replyTo: user.email,
      ...supportEmailFor(message, {
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        userId: user.id,
        planName: plan.name,
        priority,
        sentAt,
      }),
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'a support message could not be sent');
    await deleteSupportCopy(deps.db, { userId: user.id, key });
    throw new AppError(
      502,
      'SUPPORT_NOT_SENT',
      `Your message could not be sent just now. Please try again, or write to ${supportEmail}.`,
    );
  }
  await showSupportCopy(deps.db, { userId: user.id, key });
  return { sentAt: sentAt.toISOString(), priority, replyTo: user.email };
}
