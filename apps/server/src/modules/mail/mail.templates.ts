import { CODE_TTL_MINUTES } from '@meeet/core/constants';
import { nftTypeName, type BusinessStatus, type KycStatus, type NftType } from '@meeet/core/enums';
import type { Locale } from '@meeet/core/i18n/locale';
import { translate } from '@meeet/core/i18n/translate';

export type MailTemplate =
  | { kind: 'email-verify-code'; code: string }
  | { kind: 'recovery-code'; code: string }
  | { kind: 'withdrawal-code'; code: string; amount: string; symbol: string; address: string }
  | { kind: 'withdrawal-address-added'; address: string; label: string; usableFrom: string }
  | {
      kind: 'feedback';
      name: string;
      email: string;
      message: string;
      userId: number | null;
    }
  | {
      kind: 'new-device';
      /** "Chrome 130 · macOS 15", as the sessions list names it. */
      device: string;
      /** A country name, or the locale's "unknown place". */
      place: string;
      /** ISO time of the sign-in; rendered in UTC in the mail. */
      at: string;
      /** The "This wasn't me" link (signed, one use). */
      notMeUrl: string;
    }
  | {
      kind: 'kyc-decision';
      status: KycStatus;
      comment: string | null;
      maxNftType: NftType | null;
    }
  | {
      kind: 'business-decision';
      status: Exclude<BusinessStatus, 'pending'>;
      reason: string | null;
    }
  | {
      /** A business's campaign was approved, refused or paused for want of balance. */
      kind: 'campaign-notice';
      notice: 'approved' | 'refused' | 'no-balance' | 'suspended';
      title: string;
      reason: string | null;
    }
  | { kind: 'data-export'; link: string; expiresAt: string };

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

function noticeMail(subject: string, paragraphs: readonly string[]): RenderedMail {
  return { subject, text: `${paragraphs.join('\n\n')}\n\nMEEET`, html: layout(paragraphs) };
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
      case 'withdrawal-code':
        return codeMail(
          `MEEET: your withdrawal confirmation code ${t.code}`,
          `Enter this code to confirm the withdrawal of ${t.amount} ${t.symbol} to ${t.address}:`,
          t.code,
          `The code confirms only this amount to this address, and is valid for ${CODE_TTL_MINUTES} minutes. If you did not ask for this withdrawal, do not share the code and change your password.`,
        );
      case 'withdrawal-address-added':
        return noticeMail(`MEEET: withdrawal address "${t.label}" saved`, [
          `The address ${t.address} was saved to your withdrawal address book as "${t.label}".`,
          `It can receive withdrawals from ${t.usableFrom}. If you did not save it, remove it from the address book in your wallet now and change your password.`,
        ]);
      case 'feedback':
        return feedbackMail('Feedback from', 'User ID', 'not signed in', t);
      case 'kyc-decision':
        return kycDecisionMail('en', 'MEEET: your identity verification', t);
      case 'business-decision':
        return businessDecisionMail('en', 'MEEET: your business account', t);
      case 'campaign-notice':
        return campaignNoticeMail('en', t);
      case 'data-export':
        return linkMail('MEEET: your data is ready', t, [
          'The copy of your data you asked for is ready. Open this link while signed in to MEEET to download it:',
          `The link works until ${t.expiresAt} (UTC). If you did not ask for your data, change your password.`,
        ]);
      case 'new-device':
        return newDeviceMail('MEEET: sign-in from a new device', [
          `Someone signed in to your MEEET account from a new device: ${t.device}, ${t.place}, ${utcTime(t.at)}.`,
          'If it was you, there is nothing to do.',
          `If it wasn't you, open this link: it signs out every device and freezes withdrawals until you reset your password.\nThis wasn't me: ${t.notMeUrl}`,
        ]);
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
      case 'withdrawal-code':
        return codeMail(
          `MEEET: код подтверждения вывода ${t.code}`,
          `Введите этот код, чтобы подтвердить вывод ${t.amount} ${t.symbol} на адрес ${t.address}:`,
          t.code,
          `Код подтверждает только эту сумму на этот адрес и действует ${CODE_TTL_MINUTES} минут. Если вы не запрашивали вывод, никому не сообщайте код и смените пароль.`,
        );
      case 'withdrawal-address-added':
        return noticeMail(`MEEET: адрес для вывода «${t.label}» сохранён`, [
          `Адрес ${t.address} сохранён в вашей адресной книге для вывода под именем «${t.label}».`,
          `На него можно выводить средства с ${t.usableFrom}. Если вы его не сохраняли, сразу удалите его из адресной книги в кошельке и смените пароль.`,
        ]);
      case 'feedback':
        return feedbackMail('Обращение от', 'ID пользователя', 'не вошёл в систему', t);
      case 'kyc-decision':
        return kycDecisionMail('ru', 'MEEET: верификация личности', t);
      case 'business-decision':
        return businessDecisionMail('ru', 'MEEET: ваш бизнес-аккаунт', t);
      case 'campaign-notice':
        return campaignNoticeMail('ru', t);
      case 'data-export':
        return linkMail('MEEET: ваши данные готовы', t, [
          'Копия ваших данных готова. Откройте эту ссылку, войдя в MEEET, чтобы скачать её:',
          `Ссылка действует до ${t.expiresAt} (UTC). Если вы не запрашивали данные, смените пароль.`,
        ]);
      case 'new-device':
        return newDeviceMail('MEEET: вход с нового устройства', [
          `В ваш аккаунт MEEET вошли с нового устройства: ${t.device}, ${t.place}, ${utcTime(t.at)}.`,
          'Если это были вы, ничего делать не нужно.',
          `Если это были не вы, откройте ссылку: она завершит все сеансы и заморозит вывод средств, пока вы не смените пароль.\nЭто был не я: ${t.notMeUrl}`,
        ]);
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

/** "2026-11-28 09:30 UTC": one form for both languages. */
function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function newDeviceMail(subject: string, paragraphs: readonly string[]): RenderedMail {
  return { subject, text: `${paragraphs.join('\n\n')}\n\nMEEET`, html: layout(paragraphs) };
}

/** The decision's text is the in-app notice (core's catalogue), so mail and app agree. */
function kycDecisionMail(
  locale: Locale,
  subject: string,
  t: Extract<MailTemplate, { kind: 'kyc-decision' }>,
): RenderedMail {
  const notice = translate(locale, `kyc.notice.${t.status}`, {
    comment: t.comment ?? '—',
    level: t.maxNftType === null ? '—' : nftTypeName(t.maxNftType),
  });
  return { subject, text: `${notice}\n\nMEEET`, html: layout([notice]) };
}

/** The moderator's reason in the catalogue's sentence for the decision (core's business keys). */
function businessDecisionMail(
  locale: Locale,
  subject: string,
  t: Extract<MailTemplate, { kind: 'business-decision' }>,
): RenderedMail {
  const notice = translate(locale, `business.notice.${t.status}`, { reason: t.reason ?? '—' });
  return { subject, text: `${notice}\n\nMEEET`, html: layout([notice]) };
}

/** The notice's text is core's catalogue (`campaigns.notice.*`), as the cabinet shows it. */
function campaignNoticeMail(
  locale: Locale,
  t: Extract<MailTemplate, { kind: 'campaign-notice' }>,
): RenderedMail {
  const notice = translate(locale, `campaigns.notice.${t.notice}`, {
    title: t.title,
    reason: t.reason ?? '—',
  });
  const subject = `MEEET: ${translate(locale, 'campaigns.notice.subject', { title: t.title })}`;
  return { subject: subject.slice(0, 200), text: `${notice}\n\nMEEET`, html: layout([notice]) };
}

/** A mail whose point is one link, shown between its two paragraphs. */
function linkMail(
  subject: string,
  t: Extract<MailTemplate, { kind: 'data-export' }>,
  [intro, outro]: readonly [string, string],
): RenderedMail {
  return {
    subject,
    text: `${intro}\n\n${t.link}\n\n${outro}\n\nMEEET`,
    html: layout([intro, t.link, outro]),
  };
}

const ANTI_PHISHING_LABEL: Record<Locale, string> = {
  en: 'Your anti-phishing code',
  ru: 'Ваш антифишинговый код',
};

/**
 * The mail in the recipient's language. `antiPhishing`, the phrase the recipient chose, opens
 * every mail (issue 45), so a fake one without it stands out.
 */
export function renderMail(
  template: MailTemplate,
  locale: Locale,
  antiPhishing: string | null = null,
): RenderedMail {
  const mail = renderers[locale](template);
  if (!antiPhishing) return mail;
  const line = `${ANTI_PHISHING_LABEL[locale]}: ${antiPhishing}`;
  return {
    subject: mail.subject,
    text: `${line}\n\n${mail.text}`,
    html: mail.html.replace(
      /<body([^>]*)>/,
      (open) => `${open}<p style="border:1px solid #999;padding:6px">${escapeHtml(line)}</p>`,
    ),
  };
}
