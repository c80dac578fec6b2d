import {
  deleteAccountBody,
  errorBody,
  type NotificationSettings,
  notificationSettings,
  profileResponse,
  updateNotificationSettingsBody,
  updateProfileBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { perUserRateLimit } from '../../lib/rate-limit';
import { createBillingProvider } from '../../providers/billing';
import { toUser, updateUser } from '../auth';
import { deleteAccount, type SettingsDeps } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;
  const deps: SettingsDeps = {
    db,
    provider: ctx.bankProvider,
    billing: createBillingProvider(ctx.config, ctx.log),
    cipher: ctx.cipher,
    queue: ctx.queue,
    verifyGoogle: ctx.verifyGoogle,
    now: ctx.now,
    log: ctx.log,
  };
  app.addHook('preHandler', ctx.authenticate);
  const toNotificationSettings = (row: UserRow): NotificationSettings => ({
    pushNotifications: row.pushNotifications,
    emailNotifications: row.emailNotifications,
    emailVerified: row.emailVerifiedAt !== null,
    emailAvailable: ctx.config.smtp !== undefined,
  });

  app.get(
    '/user/profile',
    { schema: { tags: ['settings'], response: { 200: profileResponse, 401: errorBody } } },
    async (req) => ({
      data: toUser(req.user),
    }),
  );

  app.put(
    '/user/profile',
    {
      // Each change may bring a time zone; far more than anyone edits a profile in a minute.
      config: { rateLimit: perUserRateLimit(30) },
      schema: {
        tags: ['settings'],
        body: updateProfileBody,
        response: { 200: profileResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const row = await updateUser(db, { userId: req.user.id, ...req.body, now: ctx.now() });
      return { data: toUser(row ?? req.user) };
    },
  );

  app.get(
    '/user/notification-settings',
    { schema: { tags: ['settings'], response: { 200: notificationSettings } } },
    async (req) => toNotificationSettings(req.user),
  );

  app.put(
    '/user/notification-settings',
    {
      schema: {
        tags: ['settings'],
        body: updateNotificationSettingsBody,
        response: { 200: notificationSettings, 400: errorBody },
      },
    },
    async (req) => {
      const row = (await updateUser(db, { userId: req.user.id, ...req.body, now: ctx.now() })) ?? req.user;
      return toNotificationSettings(row);
    },
  );

  app.delete(
    '/user',
    {
      // A password check, so limited like sign-in.
      config: { rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['settings'],
        body: deleteAccountBody,
        response: {
          204: z.null(),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
    },
    async (req, reply) => {
      await deleteAccount(deps, req.user, req.body);
      return reply.status(204).send(null);
    },
  );
};
