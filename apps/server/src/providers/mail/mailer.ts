import type { Transporter } from 'nodemailer';
import { lazily } from '../../lib/lazily';

/** replyTo: where an answer goes, when not to the sender (a support message: the person who wrote it). */
export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/** Email through the SMTP server in SMTP_URL (smtp:// or smtps://, credentials in the URL), or none. */
export function createMailer(smtp: { url: string; from: string } | undefined): Mailer | null {
  if (!smtp) return null;
  // Bounded waits (the defaults are minutes): a request that sends mail answers within half a minute either way.
  let made: Transporter | undefined;
  const transport = lazily(async () => {
    const { default: nodemailer } = await import('nodemailer');
    made = nodemailer.createTransport({
      url: smtp.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return made;
  });
  return {
    send: async (mail) => {
      await (await transport()).sendMail({ from: smtp.from, ...mail });
    },
    close: () => made?.close(),
  };
}
