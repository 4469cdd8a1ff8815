import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, snapshot } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';

const CODE = /\b(\d{6})\b/;

describe('mail over a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MEEET <no-reply@meeet.test>',
      SUPPORT_EMAIL: 'support@meeet.test',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('register → confirmation code by mail → confirmed', async () => {
    const { user, token } = await registerUser(t.app);
    expect((await post('/user/email/verify/send-code', undefined, bearer(token))).statusCode).toBe(
      200,
    );
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toMatch(/^MEEET: your e-mail confirmation code \d{6}$/);
    const code = CODE.exec(mail.text)?.[1] ?? '';
    expect(mail.html).toContain(code);
    expect(mail.raw).toMatch(/^From: MEEET <no-reply@meeet\.test>/m);
    const checked = await post(`/user/email/verify/check/${code}`, undefined, bearer(token));
    expect(checked.statusCode).toBe(200);
    expect(checked.json().emailVerified).toBe(true);
    // Nothing lands in the dev mailbox when SMTP is configured.
    expect((await snapshot(t.db)).mails).toEqual([]);
  });

  it('recovery code by mail → new password', async () => {
    const { user } = await registerUser(t.app);
    await post('/user/recovery-password/send-code', { email: user.email });
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toMatch(/password recovery code/);
    const code = CODE.exec(mail.text)?.[1];
    const response = await post('/user/recovery-password/check-code', {
      email: user.email,
      code,
      password: 'Fresh-Secret-Word-3',
    });
    expect(response.statusCode).toBe(200);
    const login = await post('/user/login', { email: user.email, password: 'Fresh-Secret-Word-3' });
    expect(login.statusCode).toBe(200);
  });

  it('writes to a Russian user in Russian', async () => {
    const { user } = await registerUser(t.app, { locale: 'ru' });
    await post('/user/recovery-password/send-code', { email: user.email });
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toMatch(/^MEEET: код для восстановления пароля \d{6}$/);
    expect(mail.text).toContain('Введите этот код, чтобы задать новый пароль');
    expect(mail.html).toContain('Код действует 15 минут');
  });

  it('mails feedback to support with the sender as Reply-To', async () => {
    const response = await post(
      '/user/email/feedback/',
      {
        name: 'Вера',
        email: 'vera@example.com',
        message: 'Не приходит письмо с кодом <b>уже час</b>',
      },
      { 'x-locale': 'ru' },
    );
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitForMail('support@meeet.test');
    expect(mail.raw).toMatch(/^Reply-To: vera@example\.com/m);
    expect(mail.text).toContain('Не приходит письмо с кодом <b>уже час</b>');
    expect(mail.html).toContain('&lt;b&gt;уже час&lt;/b&gt;');
    expect(mail.text).toContain('ID пользователя: не вошёл в систему');
  });

  it('keeps the code when the mail server is down and mails it once the server is back', async () => {
    const { user } = await registerUser(t.app);
    const port = Number(new URL(smtp.url).port);
    await smtp.close();
    const before = await snapshot(t.db);
    const asked = await post('/user/recovery-password/send-code', { email: user.email });
    expect(asked.statusCode).toBe(200);
    expect((await snapshot(t.db)).codes).toHaveLength(before.codes.length + 1);

    smtp = await startSmtpServer(port);
    await t.db.execute(sql`update jobs set run_at = now() where kind = 'mail'`);
    expect(await t.app.jobs.drain()).toBe(1);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toMatch(/password recovery code \d{6}$/);
  });
});
