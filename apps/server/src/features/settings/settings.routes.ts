import {
  errorBody,
  notificationSettings,
  profileResponse,
  updateNotificationSettingsBody,
  updateProfileBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { toUser, updateUser } from '../../lib/users';

export const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;
  app.addHook('preHandler', ctx.authenticate);

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
      schema: {
        tags: ['settings'],
        body: updateProfileBody,
        response: { 200: profileResponse, 400: errorBody },
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
    async (req) => ({
      pushNotifications: req.user.pushNotifications,
      emailNotifications: req.user.emailNotifications,
    }),
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
      return { pushNotifications: row.pushNotifications, emailNotifications: row.emailNotifications };
    },
  );
};
