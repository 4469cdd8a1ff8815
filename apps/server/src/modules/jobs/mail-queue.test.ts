import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/global-setup.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { feedback } from '../feedback/feedback.schema.ts';
import { MAIL_JOB } from '../mail/mail.service.ts';
import { jobs } from './jobs.schema.ts';

describe('a mail whose SMTP server is down', () => {
  let t: TestApp;
  let smtpPort: number;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    smtpPort = await freePort();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SUPPORT_EMAIL: 'support@meeet.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('is kept with the feedback and delivered by the queue once the server is back', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/email/feedback/',
      payload: { name: 'Ann', email: 'ann@example.com', message: 'The code never came' },
    });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(feedback)).toHaveLength(1);
    const [queued] = await t.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
    expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
    expect(queued?.runAt.getTime()).toBeGreaterThan(Date.now());

    smtp = await startSmtpServer(smtpPort);
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, queued!.id));
    expect(await t.app.jobs.drain()).toBe(1);
    const mail = await smtp.waitForMail('support@meeet.test');
    expect(mail.raw).toMatch(/^Reply-To: ann@example\.com/m);
    expect(mail.text).toContain('The code never came');
    expect(await t.db.select().from(jobs)).toEqual([]);
  });
});
