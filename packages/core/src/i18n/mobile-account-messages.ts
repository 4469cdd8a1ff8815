import type { Locale } from './locale.ts';

// The app's words for the account (issue 43 item 3): password recovery, photo, deletion, data
// export. Merged into mobile-messages.ts, kept apart so that catalogue does not grow further.

export const mobileAccountMessagesEn = {
  'm.recovery.link': 'Forgot your password?',
  'm.recovery.title': 'Reset your password',
  'm.recovery.text': 'We will e-mail you a six-digit code to set a new password.',
  'm.recovery.send': 'Send the code',
  'm.recovery.sent': 'We sent a code to {email}. Enter it with your new password.',
  'm.recovery.code': 'Code from the e-mail',
  'm.recovery.password': 'New password',
  'm.recovery.submit': 'Set the new password',
  'm.recovery.done': 'Your password is changed. Sign in with it.',
  'm.recovery.back': 'Back to sign in',

  'm.photo.title': 'Profile photo',
  'm.photo.camera': 'Take a photo',
  'm.photo.library': 'Choose from library',
  'm.photo.uploading': 'Uploading…',
  'm.photo.done': 'Your new photo is saved',
  'm.photo.denied': 'MEEET may not use the camera or photos. Allow it in the iPhone settings.',

  'm.kyc.open': 'Verify identity (KYC)',
  'm.kyc.title': 'Identity verification',
  'm.kyc.text':
    'Photograph an identity document, then take a selfie. A moderator reviews them; only moderators ever see these photos.',
  'm.kyc.status': 'Status: {status}',
  'm.kyc.document': 'Photograph your document',
  'm.kyc.document.again': 'Retake the document photo',
  'm.kyc.selfie': 'Take a selfie',
  'm.kyc.selfie.again': 'Retake the selfie',
  'm.kyc.document.done': 'Document photo ✓',
  'm.kyc.selfie.done': 'Selfie ✓',
  'm.kyc.submit': 'Send for review',
  'm.kyc.locked': 'Your photos are with the moderator and cannot be changed now.',

  'm.account.delete': 'Delete account',
  'm.account.delete.title': 'Delete account',
  'm.account.delete.rule-grace':
    'Deleting signs you out on every device. Your account is erased {days} days later; signing in before then cancels the deletion.',
  'm.account.delete.rule-funds':
    'A balance above 0.01 USDT or 0.001 BNB and your tokens stay yours under the terms: withdraw the balance and sell the tokens first, or confirm below that they are forfeited.',
  'm.account.delete.rule-erase':
    'Erased: your name, e-mail, nickname, phone, birthday, photos, verification images and the text of your messages.',
  'm.account.delete.rule-ledger':
    'Kept, anonymised: your transaction records, as payment law requires. Blockchain records cannot be deleted by anyone.',
  'm.account.delete.held': 'You still hold {usdt} USDT, {bnb} BNB and {tokens} token(s).',
  'm.account.delete.forfeit':
    'I understand that my balance and tokens are forfeited, as the terms say',
  'm.account.delete.password': 'Your password',
  'm.account.delete.confirm': 'Delete my account',
  'm.account.delete.cancelled': 'Your account deletion was cancelled',
  'm.account.export': 'Request my data',
  'm.account.export.text':
    'A copy of your data (profile, messages, meetings, transactions) as a JSON file, e-mailed as a link that works for 72 hours.',
  'm.account.export.requested': 'We are preparing your data and will e-mail you a link.',
} as const;

export type MobileAccountMessageKey = keyof typeof mobileAccountMessagesEn;

export const mobileAccountMessagesRu = {
  'm.recovery.link': 'Забыли пароль?',
  'm.recovery.title': 'Восстановление пароля',
  'm.recovery.text': 'Мы пришлём на e-mail шестизначный код, чтобы задать новый пароль.',
  'm.recovery.send': 'Отправить код',
  'm.recovery.sent': 'Мы отправили код на {email}. Введите его и новый пароль.',
  'm.recovery.code': 'Код из письма',
  'm.recovery.password': 'Новый пароль',
  'm.recovery.submit': 'Задать новый пароль',
  'm.recovery.done': 'Пароль изменён. Войдите с новым паролем.',
  'm.recovery.back': 'Вернуться ко входу',

  'm.photo.title': 'Фото профиля',
  'm.photo.camera': 'Сделать фото',
  'm.photo.library': 'Выбрать из галереи',
  'm.photo.uploading': 'Загружаем…',
  'm.photo.done': 'Новое фото сохранено',
  'm.photo.denied':
    'MEEET не может использовать камеру или фото. Разрешите это в настройках iPhone.',

  'm.kyc.open': 'Пройти верификацию (KYC)',
  'm.kyc.title': 'Верификация личности',
  'm.kyc.text':
    'Сфотографируйте документ, удостоверяющий личность, затем сделайте селфи. Их проверит модератор; эти фото видят только модераторы.',
  'm.kyc.status': 'Статус: {status}',
  'm.kyc.document': 'Сфотографировать документ',
  'm.kyc.document.again': 'Переснять документ',
  'm.kyc.selfie': 'Сделать селфи',
  'm.kyc.selfie.again': 'Переснять селфи',
  'm.kyc.document.done': 'Фото документа ✓',
  'm.kyc.selfie.done': 'Селфи ✓',
  'm.kyc.submit': 'Отправить на проверку',
  'm.kyc.locked': 'Фото у модератора, сейчас их нельзя изменить.',

  'm.account.delete': 'Удалить аккаунт',
  'm.account.delete.title': 'Удаление аккаунта',
  'm.account.delete.rule-grace':
    'Удаление завершает сеансы на всех устройствах. Аккаунт стирается через {days} дней; вход до этого срока отменяет удаление.',
  'm.account.delete.rule-funds':
    'Баланс больше 0,01 USDT или 0,001 BNB и ваши токены остаются вашими по условиям: сначала выведите баланс и продайте токены или подтвердите ниже отказ от них.',
  'm.account.delete.rule-erase':
    'Стираются: имя, e-mail, никнейм, телефон, дата рождения, фотографии, снимки верификации и текст ваших сообщений.',
  'm.account.delete.rule-ledger':
    'Сохраняются обезличенными: записи о транзакциях, как требует закон о платежах. Записи в блокчейне не может удалить никто.',
  'm.account.delete.held': 'У вас ещё есть {usdt} USDT, {bnb} BNB и токенов: {tokens}.',
  'm.account.delete.forfeit':
    'Я понимаю, что отказываюсь от баланса и токенов, как сказано в условиях',
  'm.account.delete.password': 'Ваш пароль',
  'm.account.delete.confirm': 'Удалить аккаунт',
  'm.account.delete.cancelled': 'Удаление аккаунта отменено',
  'm.account.export': 'Запросить мои данные',
  'm.account.export.text':
    'Копия ваших данных (профиль, сообщения, встречи, транзакции) в файле JSON придёт на e-mail ссылкой, которая действует 72 часа.',
  'm.account.export.requested': 'Готовим ваши данные и пришлём ссылку на e-mail.',
} as const satisfies Record<MobileAccountMessageKey, string>;

export const mobileAccountMessages = {
  en: mobileAccountMessagesEn,
  ru: mobileAccountMessagesRu,
} as const satisfies Record<Locale, Record<MobileAccountMessageKey, string>>;
