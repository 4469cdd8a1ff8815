import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, vi } from 'vitest';
import { apiInjector, registerUser } from '../../../test/accounts.ts';
import { attachTestChain, type TestChain } from '../../../test/chain.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import { fundAddress } from './wallet.service.ts';
import { USDT } from './wallet.test-support.ts';

export const DAY_MS = 24 * 3600 * 1000;

/**
 * For a describe block: the app with a chain and a real SMTP server (started in beforeAll,
 * stopped in afterAll), a signed-in API caller, funded users and the mails received.
 */
export function custodyTestApp() {
  let t: TestApp;
  let c: TestChain;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const api = apiInjector(() => t.app);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '10000' });
    c = await attachTestChain(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await c?.stop();
    await smtp?.close();
  });

  /** The newest mail to `to` whose subject matches, once it has arrived. */
  const mailTo = (to: string, subject: RegExp) =>
    vi.waitFor(
      () => {
        const mail = smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
        if (!mail) throw new Error(`no mail to ${to} matching ${subject}`);
        return mail;
      },
      { timeout: 5_000, interval: 20 },
    );

  return {
    api,
    mailTo,
    app: () => t,
    /** A new user whose wallet holds 30 USDT and BNB for the fee. */
    async fundedUser() {
      const user = await registerUser(t.app);
      const address = (await api('GET', '/crypto/wallet', user.token)).json().address as Address;
      await fundAddress(c.chain, address, { usdt: USDT('30'), bnb: parseEther('0.1') });
      return user;
    },
    /** The six-digit code in the subject of the newest matching mail to `to`. */
    async codeMailedTo(to: string, subject: RegExp): Promise<string> {
      const mail = await mailTo(to, subject);
      const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
      if (!code) throw new Error(`no code in "${mail.subject}"`);
      return code;
    },
    /** Whether any mail to `to` has a matching subject. */
    mailed: (to: string, subject: RegExp) =>
      smtp.mails.some((m) => m.to.includes(to) && subject.test(m.subject)),
  };
}
