import type { AppContext } from '../../lib/context';
import { createMailer } from '../../providers/mail/mailer';
import { createPushSender, ensureVapidKeys } from '../../providers/push/web-push';
import type { DeliveryDeps } from './notifications.delivery';
import type { ScanDeps } from './notifications.service';

export type NotificationsDeps = DeliveryDeps & ScanDeps & { queue: AppContext['queue'] };

/** The notifications feature's share of the app's wiring: the push sender (VAPID keys) and the mailer. */
export function notificationsDeps(ctx: AppContext): NotificationsDeps {
  return {
    db: ctx.database.db,
    now: ctx.now,
    log: ctx.log,
    queue: ctx.queue,
    publicUrl: ctx.config.publicUrl,
    push: createPushSender({ keys: ensureVapidKeys(ctx.config.dataDir), subject: ctx.config.vapidSubject }),
    mailer: createMailer(ctx.config.smtp),
  };
}
