import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eServerInfo } from './server.ts';

export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  /** The six-digit code in the mail's body, if any. */
  code: string | null;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The plain-text body of a MIME message (first text/plain part, decoded). */
function plainText(raw: string): string {
  const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(raw);
  const header = /Content-Type: text\/plain[^]*?Content-Transfer-Encoding: ([\w-]+)/i.exec(raw);
  const body = part?.[1] ?? raw;
  const encoding = header?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function parse(file: string): DeliveredMail {
  const { to, raw } = JSON.parse(readFileSync(file, 'utf8')) as { to: string[]; raw: string };
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  const subject = decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' '));
  const text = plainText(raw);
  return { to, subject, text, code: /\b(\d{6})\b/.exec(text)?.[1] ?? null };
}

/** Waits for the newest mail to `address` delivered after `since` (epoch ms). */
export async function waitForMail(
  address: string,
  options: { since?: number; timeoutMs?: number } = {},
): Promise<DeliveredMail> {
  const { mailDir } = e2eServerInfo();
  const since = options.since ?? 0;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const wanted = address.toLowerCase();
  while (Date.now() < deadline) {
    const files = readdirSync(mailDir)
      .filter((name) => Number(name.split('-')[0]) >= since)
      .sort()
      .reverse();
    for (const name of files) {
      const mail = parse(join(mailDir, name));
      if (mail.to.includes(wanted)) return mail;
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`No mail to ${address} arrived in time`);
}
