import { CODE_TTL_MINUTES } from '../codes/codes.service.ts';
import type { Locale } from '@meeet/core/i18n/locale';

export type MailTemplate =
  | { kind: 'email-verify-code'; code: string }
  | { kind: 'recovery-code'; code: string }
  | {
      kind: 'feedback';
      name: string;
      email: string;
      message: string;
      userId: number | null;
    };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Plain paragraphs → a small HTML mail; every piece of text is escaped. */
function layout(paragraphs: readonly string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`);
  if (highlight) {
    body.splice(
      1,
      0,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(highlight)}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">${body.join('')}<p style="color:#777">MEEET</p></body></html>`;
}

function codeMail(subject: string, intro: string, code: string, outro: string): RenderedMail {
  return {
    subject,
    text: `${intro}\n\n${code}\n\n${outro}\n\nMEEET`,
    html: layout([intro, outro], code),
  };
}

const renderers: Record<Locale, (template: MailTemplate) => RenderedMail> = {
  en: (t) => {
    switch (t.kind) {
      case 'email-verify-code':
        return codeMail(
          `MEEET: your e-mail confirmation code ${t.code}`,
          'Enter this code to confirm your e-mail address:',
          t.code,
          `The code is valid for ${CODE_TTL_MINUTES} minutes. If you did not register on MEEET, ignore this letter.`,
        );
      case 'recovery-code':
        return codeMail(
          `MEEET: your password recovery code ${t.code}`,
          'Enter this code to set a new password:',
          t.code,
          `The code is valid for ${CODE_TTL_MINUTES} minutes. If you did not ask to reset your password, ignore this letter: your password stays the same.`,
        );
      case 'feedback':
        return feedbackMail('Feedback from', 'User ID', 'not signed in', t);
    }
  },
  ru: (t) => {
    switch (t.kind) {
      case 'email-verify-code':
        return codeMail(
          `MEEET: код подтверждения e-mail ${t.code}`,
          'Введите этот код, чтобы подтвердить адрес электронной почты:',
          t.code,
          `Код действует ${CODE_TTL_MINUTES} минут. Если вы не регистрировались в MEEET, просто проигнорируйте это письмо.`,
        );
      case 'recovery-code':
        return codeMail(
          `MEEET: код для восстановления пароля ${t.code}`,
          'Введите этот код, чтобы задать новый пароль:',
          t.code,
          `Код действует ${CODE_TTL_MINUTES} минут. Если вы не запрашивали сброс пароля, проигнорируйте это письмо — ваш пароль не изменится.`,
        );
      case 'feedback':
        return feedbackMail('Обращение от', 'ID пользователя', 'не вошёл в систему', t);
    }
  },
};

function feedbackMail(
  from: string,
  userIdLabel: string,
  anonymous: string,
  t: Extract<MailTemplate, { kind: 'feedback' }>,
): RenderedMail {
  const header = `${from} ${t.name} <${t.email}>`;
  const who = `${userIdLabel}: ${t.userId ?? anonymous}`;
  return {
    subject: `MEEET support: ${from} ${t.name}`.slice(0, 200),
    text: `${header}\n${who}\n\n${t.message}`,
    html: layout([header, who, t.message]),
  };
}

export function renderMail(template: MailTemplate, locale: Locale): RenderedMail {
  return renderers[locale](template);
}
