import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/infra/mailer';
import { startSmtpSink } from '../support/smtp-sink';

const silent = { warn: () => {} };

describe('mailer', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('writes to the outbox folder when no SMTP server is configured', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'marquee-mail-')), 'outbox');
    const mailer = createMailer({ from: 'Marquee <no-reply@marquee.test>', outboxDir, log: silent });
    await mailer.send({ to: 'viewer@marquee.test', subject: 'Hello', text: 'Open https://example.test/x' });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^Subject: Hello$/m);
    expect(eml).toContain('https://example.test/x');
  });

  it('delivers over SMTP when SMTP_URL is set', async () => {
    const outboxDir = join(tmpdir(), 'unused-outbox');
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: 'Marquee <no-reply@marquee.test>',
      outboxDir,
      log: silent,
    });
    const longLink = `https://example.test/reset-pw/${'x'.repeat(90)}`;
    await mailer.send({
      to: 'viewer@marquee.test',
      subject: 'Reset your password',
      text: `Open ${longLink}`,
    });
    const mail = await sink.next();
    expect(mail.to).toEqual(['viewer@marquee.test']);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain(longLink);
    mailer.close();
  });
});
