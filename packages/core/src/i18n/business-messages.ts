// The business accounts' messages (issue 44), merged into the one catalogue in messages.ts.

export const businessMessagesEn = {
  'business.invalid-website': 'Enter the website as https://…',
  'business.reason-required': 'Say why, so the applicant knows what to do',
  'business.email-not-verified': 'Confirm your e-mail before you apply for a business account',
  'business.cannot-apply': 'Your application cannot be changed now ({status})',
  'business.cannot-decide': 'A business cannot change from {from} to {to}',
  'business.not-approved': 'Only an approved business can do this',
  'business.not-a-venue': 'Add your venue’s position to publish meeting spots',
  'business.bad-image': 'Choose one of your own uploaded images',
  'business.notice.approved': 'Your business account is approved. Your referral level is Business',
  'business.notice.needs-info': 'Your business application needs more: {reason}',
  'business.notice.refused': 'Your business application was refused: {reason}',
  'business.notice.suspended': 'Your business account is suspended: {reason}',
} as const;

export const businessMessagesRu = {
  'business.invalid-website': 'Укажите сайт в виде https://…',
  'business.reason-required': 'Укажите причину, чтобы заявитель знал, что делать',
  'business.email-not-verified': 'Подтвердите e-mail, прежде чем подавать заявку на бизнес-аккаунт',
  'business.cannot-apply': 'Заявку сейчас изменить нельзя ({status})',
  'business.cannot-decide': 'Бизнес нельзя перевести из статуса {from} в {to}',
  'business.not-approved': 'Это доступно только одобренному бизнесу',
  'business.not-a-venue': 'Укажите координаты заведения, чтобы публиковать места встреч',
  'business.bad-image': 'Выберите одно из загруженных вами изображений',
  'business.notice.approved': 'Ваш бизнес-аккаунт одобрен. Ваш реферальный уровень — Бизнес',
  'business.notice.needs-info': 'К заявке на бизнес-аккаунт нужны дополнения: {reason}',
  'business.notice.refused': 'Заявка на бизнес-аккаунт отклонена: {reason}',
  'business.notice.suspended': 'Ваш бизнес-аккаунт приостановлен: {reason}',
} as const satisfies Record<keyof typeof businessMessagesEn, string>;
