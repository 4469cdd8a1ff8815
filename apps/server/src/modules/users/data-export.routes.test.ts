import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiInjector, registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { ledgerRow, messageBetween } from './account.test-support.ts';

describe('data export', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const inject = apiInjector(() => t.app);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://meeet.test',
      AUTH_RATE_LIMIT_PER_IP: '10000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The download path and query of the link in the newest export mail to `email`. */
  async function mailedLink(email: string): Promise<string> {
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('MEEET: your data is ready');
    const match = /https:\/\/meeet\.test\/account\/data-export\/([0-9a-f-]{36})\?(\S+)/.exec(
      mail.text,
    );
    expect(match).not.toBeNull();
    return `/user/account/export/${match![1]}?${match![2]}`;
  }

  it('mails a link that returns the owner’s own data, and 404 to anyone else', async () => {
    const owner = await registerUser(t.app, { firstName: 'Olga' });
    const other = await registerUser(t.app, { firstName: 'Ivan' });
    await messageBetween(t.db, owner.user.id, other.user.id, 'hello from Olga');
    await messageBetween(t.db, other.user.id, owner.user.id, 'hello from Ivan');
    await ledgerRow(t.db, owner.user.id, `0x${'cd'.repeat(32)}`);

    const requested = await inject('POST', '/user/account/export', owner.token);
    expect(requested.statusCode).toBe(200);
    const link = await mailedLink(owner.user.email);

    const download = await inject('GET', link, owner.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const archive = download.json();
    expect(archive.profile).toMatchObject({ id: owner.user.id, firstName: 'Olga' });
    expect(archive.messages.map((m: { text: string }) => m.text)).toEqual(['hello from Olga']);
    expect(archive.transactions).toEqual([
      expect.objectContaining({ type: 'INPUT', hash: `0x${'cd'.repeat(32)}` }),
    ]);
    expect(JSON.stringify(archive)).not.toContain('Ivan');

    expect((await inject('GET', link, other.token)).statusCode).toBe(404);
    expect((await inject('GET', link)).statusCode).toBe(401);
    const forged = link.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await inject('GET', forged, owner.token)).statusCode).toBe(404);
  });

  it('stops working when the link expires', async () => {
    const owner = await registerUser(t.app);
    await inject('POST', '/user/account/export', owner.token);
    const link = await mailedLink(owner.user.email);
    await t.db.execute(
      sql`update data_exports set expires_at = now() - interval '1 minute' where user_id = ${owner.user.id}`,
    );
    expect((await inject('GET', link, owner.token)).statusCode).toBe(404);
  });
});
