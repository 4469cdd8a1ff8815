import { errorMessagesEn, errorMessagesRu } from './error-messages.ts';
import type { Locale } from './locale.ts';

// One catalogue for server and clients. Placeholders are `{name}`; translate() fills them.
// Rules in ../rules return these keys, never text, so the server can answer in the caller's
// language and the web shows the same words.

const appMessagesEn = {
  'msg.required': 'Field is required',
  'msg.invalid-date': 'Invalid date',
  'msg.age-adults': 'Participation in the project is only available to adults',
  'msg.weak-password': 'Weak password',
  'msg.password-too-long': 'Password is too long',
  // The original English said 'Weak password' here by mistake (spec §5); Russian was right.
  'msg.passwords-mismatch': 'Passwords do not match',
  'msg.invalid-email': 'Invalid e-mail',
  'msg.invalid-username': 'Invalid username',
  'msg.username-taken': 'This username is already taken',
  'msg.invalid-promocode': 'Invalid promocode',
  'msg.incorrect-address': 'Incorrect address',
  'msg.insufficient-funds': 'Insufficient funds',
  'msg.choose-gender': 'Choose your gender',
  'msg.min-length': 'Minimum {count} characters',
  'msg.max-length': 'Maximum {count} characters',
  'msg.file-required': 'Please attach a file or document',
  'msg.company-add-failed': 'Failed to add the company',
  'msg.invalid-country': 'Choose a country',
  'msg.invalid-phone': 'Invalid phone number',
  'msg.name-locked': 'Name and surname cannot be changed after verification',
  'msg.common-password': 'This password is too common',
  'msg.wrong-password': 'Wrong current password',
  'msg.email-taken': 'An account with this e-mail already exists',
  'msg.email-already-verified': 'This e-mail is already confirmed',
  'msg.apple-account-exists': 'This Apple ID is already linked to an account. Please log in',
  'msg.apple-ticket-invalid': 'Sign in with Apple has expired. Please try again',
  'msg.too-many-codes': 'A code has just been sent. You can ask for a new one in {count} s',

  'market.transaction-failed': 'Transaction failed',
  'market.transaction-canceled': 'Transaction canceled',
  'market.unknown-error':
    'Unknown error. Please inform support of the actions you took before this happened',
  'market.try-again': 'Try again',
  'market.already-have-nft': 'You already have NFT {name}',
  'market.login-to-buy': 'Please Log in for buy NFT',

  'wallet.insufficient-fee':
    'Withdrawal is not possible: there is not enough BNB to pay the network fee. Your balance is {balance}; top it up to at least the minimum transfer fee of {minFee}',
  'wallet.deposit-warning':
    'Send only {symbol} to this address. Anything else sent here will not be credited or refunded',
} as const;

export type MessageKey = keyof typeof appMessagesEn | keyof typeof errorMessagesEn;

const appMessagesRu = {
  'msg.required': 'Обязательное поле',
  'msg.invalid-date': 'Некорректная дата',
  'msg.age-adults': 'Участие в проекте доступно только совершеннолетним',
  'msg.weak-password': 'Слабый пароль',
  'msg.password-too-long': 'Слишком длинный пароль',
  'msg.passwords-mismatch': 'Пароли не совпадают',
  'msg.invalid-email': 'Некорректный e-mail',
  'msg.invalid-username': 'Некорректное имя пользователя',
  'msg.username-taken': 'Это имя пользователя уже занято',
  'msg.invalid-promocode': 'Неверный промокод',
  'msg.incorrect-address': 'Некорректный адрес',
  'msg.insufficient-funds': 'Недостаточно средств',
  'msg.choose-gender': 'Укажите ваш пол',
  // Phrased around the number so no Russian plural form is needed for {count}.
  'msg.min-length': 'Минимальное количество символов: {count}',
  'msg.max-length': 'Максимальное количество символов: {count}',
  'msg.file-required': 'Прикрепите файл или документ',
  'msg.company-add-failed': 'Не удалось добавить компанию',
  'msg.invalid-country': 'Выберите страну',
  'msg.invalid-phone': 'Неверный номер телефона',
  'msg.name-locked': 'Имя и фамилию нельзя изменить после верификации',
  'msg.common-password': 'Этот пароль слишком распространён',
  'msg.wrong-password': 'Неверный текущий пароль',
  'msg.email-taken': 'Аккаунт с таким e-mail уже существует',
  'msg.email-already-verified': 'Этот e-mail уже подтверждён',
  'msg.apple-account-exists': 'Этот Apple ID уже привязан к аккаунту. Пожалуйста, войдите',
  'msg.apple-ticket-invalid': 'Время входа через Apple истекло. Попробуйте ещё раз',
  'msg.too-many-codes': 'Код уже отправлен. Запросить новый можно через {count} с',

  'market.transaction-failed': 'Транзакция не выполнена',
  'market.transaction-canceled': 'Транзакция отменена',
  'market.unknown-error':
    'Неизвестная ошибка. Пожалуйста, сообщите в поддержку, какие действия вы выполняли перед этим',
  'market.try-again': 'Попробовать снова',
  'market.already-have-nft': 'У вас уже есть NFT {name}',
  'market.login-to-buy': 'Войдите, чтобы купить NFT',

  'wallet.insufficient-fee':
    'Вывод невозможен: недостаточно BNB для оплаты комиссии сети. Ваш баланс: {balance}; пополните его как минимум на сумму минимальной комиссии за перевод: {minFee}',
  'wallet.deposit-warning':
    'Отправляйте на этот адрес только {symbol}. Другие средства, отправленные на этот адрес, не будут зачислены и не будут возвращены',
} as const satisfies Record<keyof typeof appMessagesEn, string>;

export const messages = {
  en: { ...errorMessagesEn, ...appMessagesEn },
  ru: { ...errorMessagesRu, ...appMessagesRu },
} as const satisfies Record<Locale, Record<MessageKey, string>>;

export const MESSAGE_KEYS = Object.keys(messages.en) as MessageKey[];

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(messages.en, key);
}
