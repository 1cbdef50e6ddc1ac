import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail is written when no SMTP server is configured; null when mail goes over SMTP. */
  readonly outboxDir: string | null;
  close(): void;
}

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Sends mail through nodemailer: over SMTP when `smtpUrl` is set (smtp://user:pass@host:port),
 * else into `outboxDir` as .eml files, each write logged with its path so a developer can open it.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: Log }): Mailer {
  const { smtpUrl, from, outboxDir, log } = opts;
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      outboxDir: null,
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(outboxDir, { recursive: true });
      const file = join(
        outboxDir,
        `${new Date().toISOString().replaceAll(':', '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      // A warning: without SMTP nobody receives it, and `npm start` shows warnings only.
      log.warn(
        { to: mail.to, subject: mail.subject, file },
        'mail not sent (no SMTP_URL): written to the outbox',
      );
    },
    close: () => transport.close(),
  };
}
