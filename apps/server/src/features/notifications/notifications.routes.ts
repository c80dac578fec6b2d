import {
  deletePushSubscriptionBody,
  errorBody,
  idParam,
  type Notification,
  notification,
  notificationList,
  notificationListQuery,
  pushKeyResponse,
  pushSubscriptionBody,
  readAllResult,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import { isPushServiceEndpoint, PUSH_ENDPOINT_MESSAGE, pushKeysProblem } from '../../providers/push/web-push';
import { catchUpThrottle } from './catch-up-throttle';
import { hasPendingDelivery } from './notifications.delivery';
import { notificationsDeps } from './notifications.deps';
import {
  deletePushSubscription,
  dismiss,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationRow,
  savePushSubscription,
  unreadCount,
} from './notifications.queries';
import { catchUpPerson } from './notifications.service';
import { DELIVER_QUEUE, requestDelivery } from './notify';

/** Answered when a browser's push subscription is another account's (PUSH_SUBSCRIPTION_TAKEN). */
export const PUSH_ENDPOINT_TAKEN =
  'Push notifications in this browser belong to another Tally account. Sign that account out here, or subscribe this browser again.';

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/**
 * The bell's list and this browser's push subscription; every route is the signed-in person's own.
 * testPushOrigins: origins taken as push services besides the browsers' own, for tests' local push
 * service only (the app passes none unless a test builds it with some).
 */
export function notificationsRoutes({
  testPushOrigins = [],
}: {
  testPushOrigins?: readonly string[];
} = {}): FastifyPluginAsyncZod<AppContext> {
  // The server posts to the endpoint, so only a browser push service's is taken, with keys it can use.
  const subscriptionBody = pushSubscriptionBody.superRefine((body, check) => {
    if (!isPushServiceEndpoint(body.endpoint, testPushOrigins)) {
      check.addIssue({ code: 'custom', path: ['endpoint'], message: PUSH_ENDPOINT_MESSAGE });
    }
    const problem = pushKeysProblem(body.keys);
    if (problem) check.addIssue({ code: 'custom', path: ['keys'], message: problem });
  });
  return async (app, ctx) => {
    const deps = notificationsDeps(ctx);
    const db = deps.db;
    app.addHook('preHandler', ctx.authenticate);
    const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
    const tags = ['notifications'];

    app.get(
      '/notifications',
      {
        schema: { tags, querystring: notificationListQuery, response: { 200: notificationList, ...errors } },
      },
      async (req) => {
        const userId = req.user.id;
        // What is due by now is told at once, as budget reads roll their period, not only when the job
        // runs: at most once a minute a person (every open tab polls), and at once after they changed
        // something (app.ts).
        if (catchUpThrottle.due(userId)) await catchUpPerson(deps, { userId, timeZone: req.user.timeZone });
        // Delivery is asked for when none is waiting: a job being retried keeps its own count of attempts.
        if (
          (await hasPendingDelivery(deps, userId)) &&
          !(await deps.queue.isWaiting(DELIVER_QUEUE, { userId }))
        ) {
          await requestDelivery(deps.queue, userId);
        }
        const rows = await listNotifications(db, { userId, limit: req.query.limit });
        return { notifications: rows.map(toNotification), unreadCount: await unreadCount(db, { userId }) };
      },
    );

    app.post(
      '/notifications/read-all',
      { schema: { tags, response: { 200: readAllResult, ...errors } } },
      async (req) => ({
        updated: await markAllRead(db, { userId: req.user.id, now: deps.now() }),
        unreadCount: 0 as const,
      }),
    );

    app.post(
      '/notifications/:id/read',
      { schema: { tags, params: idParam, response: { 200: notification, ...errors } } },
      async (req) => {
        const row = await markRead(db, { userId: req.user.id, id: req.params.id, now: deps.now() });
        // Another person's id answers 404, not 403, so ids can't be probed.
        if (!row) throw notFound('Notification not found');
        return toNotification(row);
      },
    );

    app.delete(
      '/notifications/:id',
      { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        if (!(await dismiss(db, { userId: req.user.id, id: req.params.id, now: deps.now() }))) {
          throw notFound('Notification not found');
        }
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/notifications/push/key',
      { schema: { tags, response: { 200: pushKeyResponse, ...errors } } },
      () => ({
        publicKey: deps.push.publicKey,
      }),
    );

    /**
     * This browser's subscription, bound to this session. An endpoint another person has on (signed in
     * here before, and not signed out) stays theirs: 409, and the web app subscribes the browser afresh
     * (a new endpoint) instead. Otherwise a known endpoint would be a way to turn another's browser
     * towards one's own notifications, or theirs towards one's own account.
     */
    app.post(
      '/notifications/push/subscriptions',
      {
        schema: {
          tags,
          body: subscriptionBody,
          response: { 204: z.null(), 409: errorBody, ...errors },
        },
      },
      async (req, reply) => {
        const { endpoint, keys } = req.body;
        const saved = await savePushSubscription(db, {
          userId: req.user.id,
          sessionId: req.sessionId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          now: deps.now(),
        });
        if (saved === 'taken') throw new AppError(409, 'PUSH_SUBSCRIPTION_TAKEN', PUSH_ENDPOINT_TAKEN);
        return reply.status(204).send(null);
      },
    );

    /** This browser stops: only the person's own subscription with that endpoint goes; none is no error. */
    app.delete(
      '/notifications/push/subscriptions',
      { schema: { tags, body: deletePushSubscriptionBody, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await deletePushSubscription(db, { userId: req.user.id, endpoint: req.body.endpoint });
        return reply.status(204).send(null);
      },
    );
  };
}
