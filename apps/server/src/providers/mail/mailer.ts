import nodemailer from 'nodemailer';

/** replyTo: where an answer goes, when not to the sender (a support message: the person who wrote it). */
export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/** Email through the SMTP server in SMTP_URL (smtp:// or smtps://, credentials in the URL), or none. */
export function createMailer(smtp: { url: string; from: string } | undefined): Mailer | null {
  if (!smtp) return null;
  const transport = nodemailer.createTransport(smtp.url);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
    close: () => transport.close(),
  };
}
