import type { NotificationKind, PushPayload } from '@tally/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { deleteOrphanedPushSubscriptions } from '../../lib/auth';
import { escapeHtml } from '../../lib/html';
import type { Mailer } from '../../providers/mail/mailer';
import type { PushOutcome, PushSender, PushTarget } from '../../providers/push/web-push';
import {
  claimUndelivered,
  type DeliveryChannel,
  deletePushSubscriptionById,
  deliverySettings,
  hasUndelivered,
  type NotificationRow,
  pushSubscriptionsOf,
  releaseClaim,
} from './notifications.queries';

export type DeliveryDeps = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
  push: PushSender;
  mailer: Mailer | null;
};

/**
 * Only this recent a notification goes out by push or email: turning a switch on, or a browser allowing
 * push, does not replay yesterday's news. In the app every notification stays.
 */
export const DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;

const windowStart = (now: Date) => new Date(now.getTime() - DELIVERY_WINDOW_MS);

/**
 * Whether the person has a notification still to send on a channel that is on (push: with a browser to
 * send to; email: with SMTP set up). Reads of the list ask, so what was created inside a transaction
 * (a goal completed, a price seen) goes out without waiting for a schedule.
 */
export async function hasPendingDelivery(deps: DeliveryDeps, userId: string): Promise<boolean> {
  const now = deps.now();
  return hasUndelivered(deps.db, { userId, since: windowStart(now), now, canEmail: Boolean(deps.mailer) });
}

/**
 * Claims the notifications not yet sent on a channel and answers them, so each goes out once even with two
 * workers at it.
 */
function claim(deps: DeliveryDeps, userId: string, channel: DeliveryChannel) {
  const now = deps.now();
  return claimUndelivered(deps.db, { userId, channel, since: windowStart(now), now });
}

export const linkUrl = (publicUrl: string, link: string) => `${publicUrl.replace(/\/+$/, '')}${link}`;

/**
 * Each kind's subject, fixed: a subject is shown by mail clients and kept by mail servers before anyone
 * opens the message, so nothing a person typed (a goal's or a subscription's name) is ever in it; the
 * body carries the details, escaped. A kind without its own subject gets the general one.
 */
export const EMAIL_SUBJECTS: Partial<Record<NotificationKind, string>> = {
  import_completed: 'Tally: your bank import is complete',
  import_failed: 'Tally: a bank import failed',
  budget_warning: 'Tally: a budget category is nearly spent',
  budget_over: 'Tally: a budget category is over budget',
  subscription_due: 'Tally: a subscription is due soon',
  subscription_price_increase: 'Tally: a subscription costs more',
  goal_completed: 'Tally: a savings goal was reached',
  trial_ending: 'Tally: your free trial is ending',
  accounts_hidden: 'Tally: bank accounts past your plan were hidden',
  support_message: 'Tally: a copy of your message to support',
  security_notice: 'Tally: a security notice about your account',
};

/** A plain email: the kind's fixed subject, the title and body, and a link to the screen it concerns. */
export function emailFor(n: Pick<NotificationRow, 'kind' | 'title' | 'body' | 'link'>, publicUrl: string) {
  const url = linkUrl(publicUrl, n.link);
  const settings = linkUrl(publicUrl, '/settings');
  const text = [
    n.title,
    '',
    n.body,
    '',
    `Open in Tally: ${url}`,
    '',
    '--',
    `You get this email because email notifications are on. Turn them off in Settings: ${settings}`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; color: #1f2933; line-height: 1.5">
<h1 style="font-size: 20px; margin: 0 0 12px">${escapeHtml(n.title)}</h1>
<p style="margin: 0 0 16px">${escapeHtml(n.body)}</p>
<p style="margin: 0 0 24px"><a href="${escapeHtml(url)}" style="background: #2f7d4f; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none; display: inline-block">Open in Tally</a></p>
<p style="font-size: 12px; color: #5f6b76">You get this email because email notifications are on. <a href="${escapeHtml(settings)}">Turn them off in Settings</a>.</p>
</body></html>`;
  return { subject: EMAIL_SUBJECTS[n.kind] ?? 'Tally: you have a new notification', text, html };
}

/**
 * One browser's push. A subscription the sender cannot even send to (keys nothing can be encrypted to)
 * is taken as gone: it never will be reachable, and the person's other browsers still get theirs.
 */
async function sendOne(deps: DeliveryDeps, browser: PushTarget, payload: string): Promise<PushOutcome> {
  try {
    return await deps.push.send(browser, payload);
  } catch (error) {
    deps.log.warn({ err: error }, 'push subscription unusable; forgotten');
    return { status: 'gone' };
  }
}

/**
 * Sends the person's new notifications on the channels they have on: push to every browser they allowed
 * (a subscription the push service no longer knows is deleted), email when SMTP is set up and the address
 * is verified. A channel whose switch is off sends nothing.
 *
 * A delivery that fails is given back and the job fails, so the queue tries again later: an email that
 * failed, and a push no browser got while one of their push services was down or asked to be tried later
 * (a push that timed out may have arrived, and is not). A push some browser got is not given back: that
 * browser must not get it twice. The queue's last attempt is the last: its failures are final, and no
 * read starts them over.
 */
export async function deliverPending(
  deps: DeliveryDeps,
  userId: string,
  { isLastAttempt = false }: { isLastAttempt?: boolean } = {},
) {
  const person = await deliverySettings(deps.db, { userId });
  const sent = { pushed: 0, emailed: 0 };
  if (!person) return sent;
  let failed: unknown = null;

  // Browsers whose session is over get nothing, and are forgotten.
  await deleteOrphanedPushSubscriptions(deps.db, { userId, now: deps.now() });
  if (person.pushOn) {
    let browsers = await pushSubscriptionsOf(deps.db, { userId, now: deps.now() });
    if (browsers.length > 0) {
      for (const n of await claim(deps, userId, 'push')) {
        const payload = JSON.stringify({
          id: n.id,
          title: n.title,
          body: n.body,
          link: n.link,
        } satisfies PushPayload);
        // Every browser at once, each within the sender's time limit: a slow push service holds up no one.
        const outcomes = await Promise.all(
          browsers.map(async (browser) => ({ browser, outcome: await sendOne(deps, browser, payload) })),
        );
        for (const { browser, outcome } of outcomes) {
          if (outcome.status === 'sent') sent.pushed += 1;
          else if (outcome.status === 'gone') {
            await deletePushSubscriptionById(deps.db, { userId, id: browser.id });
            browsers = browsers.filter((b) => b.id !== browser.id);
          } else deps.log.warn({ reason: outcome.reason }, 'push notification not delivered');
        }
        // No browser got it, and one may yet: given back for the queue's next try.
        const reasons = outcomes.flatMap(({ outcome }) =>
          outcome.status === 'failed' && outcome.retry ? [outcome.reason] : [],
        );
        const got = outcomes.some(({ outcome }) => outcome.status === 'sent');
        if (reasons.length > 0 && !got && !isLastAttempt) {
          await releaseClaim(deps.db, { userId, id: n.id, channel: 'push' });
          failed ??= new Error(`push not delivered to any browser: ${reasons.join(', ')}`);
        }
      }
    }
  }

  const mailer = deps.mailer;
  if (person.emailOn && person.emailVerifiedAt && mailer) {
    for (const n of await claim(deps, userId, 'email')) {
      try {
        await mailer.send({ to: person.email, ...emailFor(n, deps.publicUrl) });
        sent.emailed += 1;
      } catch (error) {
        failed = error;
        // The queue's last attempt is the last: the email stays marked as sent to, so reading the list
        // does not start it all over again.
        if (isLastAttempt) {
          deps.log.warn({ err: error }, 'notification email not delivered; given up');
          continue;
        }
        await releaseClaim(deps.db, { userId, id: n.id, channel: 'email' });
      }
    }
  }
  if (failed) throw failed;
  return sent;
}
