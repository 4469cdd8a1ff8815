import { businessMessagesEn, businessMessagesRu } from './business-messages.ts';
import { custodyMessagesEn, custodyMessagesRu } from './custody-messages.ts';
import { reviewRulesMessagesEn, reviewRulesMessagesRu } from './review-rules-messages.ts';
import { errorMessagesEn, errorMessagesRu } from './error-messages.ts';
import { SELLER_PAYOUT_PERCENT } from '../constants.ts';
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
  'msg.promocode-unknown': 'No one has this promo code. Check it, or register without one',
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
  'msg.invalid-push-token': 'Invalid push token',
  'push.message-title': 'Message from {name}',
  'push.news-title': 'MEEET news',
  'msg.name-locked': 'Name and surname cannot be changed after verification',
  'msg.common-password': 'This password is too common',
  'msg.wrong-password': 'Wrong current password',
  'msg.deletion-needs-forfeit':
    'Withdraw your balance and sell your tokens first, or confirm that they are forfeited',
  'msg.email-taken': 'An account with this e-mail already exists',
  'msg.email-already-verified': 'This e-mail is already confirmed',
  'msg.apple-account-exists': 'This Apple ID is already linked to an account. Please log in',
  'msg.apple-ticket-invalid': 'Sign in with Apple has expired. Please try again',
  'msg.too-many-codes': 'A code has just been sent. You can ask for a new one in {count} s',
  'msg.invalid-amount': 'Enter an amount as a number, e.g. 12.5',
  'msg.amount-not-positive': 'The amount must be greater than zero',
  'msg.amount-too-precise': 'Too many digits after the decimal point',
  'msg.idempotency-key-required': 'Idempotency-Key header is required',
  'msg.invalid-characters': 'The text contains a character that is not allowed',
  'msg.codes-locked':
    'Too many wrong codes for this account. A new code can be requested after {time} (UTC)',
  'msg.login-locked': 'Too many failed sign-in attempts. Try again in {count} s',
  'msg.factor-locked': 'Too many wrong second-factor codes. Try again in {count} s',
  'msg.factor-code-format': 'Enter the 6-digit code or a recovery code',
  'msg.totp-already-on': 'The authenticator app is already on',
  'msg.totp-not-started': 'Start the set-up again: no authenticator secret is waiting',
  'msg.passkey-invalid': 'The passkey could not be verified',
  'msg.not-me-link-invalid': 'This link has been used already or has expired',
  'msg.session-not-found': 'This session has already ended',

  'media.unsupported-type': 'Only JPEG, PNG, WebP or HEIC photos can be uploaded',
  'media.too-large': 'The file is too large: at most {count} MB',
  'media.too-many-pixels': 'The image is too large: at most {count} megapixels',
  'media.unreadable': 'The image could not be read. It may be damaged or incomplete',
  'media.too-many-files': 'At most {count} files can be uploaded at once',
  'media.album-forbidden': 'You cannot upload to this album',
  'media.kind-required': 'Say whether this is the document or the selfie',
  'media.album-full': 'This album is full: at most {count} photos',
  'media.kyc-locked': 'Verification photos cannot be changed while they are being checked',

  'kyc.transition-forbidden': 'Verification status cannot change from {from} to {to}',
  'kyc.profile-incomplete': 'Complete your profile before verification',
  'kyc.document-required': 'Add a photo of your identity document',
  'kyc.selfie-required': 'Add a selfie',
  'kyc.max-nft-required': 'Choose the highest NFT level allowed',
  'kyc.comment-required': 'Write the reason for the user',
  'kyc.own-application': 'You cannot moderate your own verification',
  'kyc.level-request-not-approved':
    'A higher level can be asked for once your identity is verified',
  'kyc.level-already-allowed': 'Your verification already allows {level}',
  'kyc.status.draft': 'Not submitted',
  'kyc.status.requested': 'Under review',
  'kyc.status.approved': 'Verified',
  'kyc.status.rejected': 'Rejected',
  'kyc.status.rejected_forever': 'Rejected permanently',
  'kyc.notice.approved': 'Your identity is verified. NFT levels up to {level} are open to you',
  'kyc.notice.requested': 'Your verification is being checked again',
  'kyc.notice.rejected':
    'Your verification was rejected: {comment}. You can correct it and submit again',
  'kyc.notice.rejected_forever': 'Your verification was rejected permanently: {comment}',
  'kyc.notice.draft': 'Your verification was re-opened: {comment}. You can submit it again',

  'news.notice': 'News: {title}',
  'news.cover-invalid': 'Choose a cover uploaded to the news album',
  'ads.viewer-unknown': 'Neither a signed-in user nor a browser fingerprint was sent',
  'ads.age-range': 'The lowest age must not be above the highest',
  'campaigns.ends-before-start': 'The end must be after the start',
  'campaigns.not-business': 'Only an approved business account can run campaigns',
  'campaigns.not-editable': 'This campaign cannot be changed in its current status',
  'campaigns.wrong-status': 'This step is not possible in the campaign’s current status',
  'campaigns.no-balance': 'Your USDT balance does not pay a full day at the daily cap',
  'campaigns.image-invalid': 'Upload the image to your campaign images first',
  'campaigns.no-venue': 'An area needs your venue’s position on the map',
  'campaigns.notice.subject': 'your campaign “{title}”',
  'campaigns.notice.approved': 'Your campaign “{title}” was approved and runs on schedule',
  'campaigns.notice.refused': 'Your campaign “{title}” was refused: {reason}',
  'campaigns.notice.suspended':
    'Your campaign “{title}” was stopped by a moderator: {reason}. Fix it and submit it again.',
  'campaigns.notice.no-balance':
    'Your campaign “{title}” is paused: your USDT balance no longer pays a day. Top up and resume it in your cabinet',

  'market.transaction-failed': 'Transaction failed',
  'market.transaction-canceled': 'Transaction canceled',
  'market.unknown-error':
    'Unknown error. Please inform support of the actions you took before this happened',
  'market.try-again': 'Try again',
  'market.already-have-nft': 'You already have NFT {name}',
  'market.login-to-buy': 'Please Log in for buy NFT',
  'market.kyc-required': 'Buying {name} needs a verified identity (KYC)',
  'market.kyc-level-too-low': 'Your verification allows NFT levels up to {max}; {name} is above it',
  'market.kyc-level-not-allowed': 'Your verification does not allow {name}',
  'market.insufficient-usdt': 'Insufficient funds: {name} costs {price}, your balance is {balance}',
  'market.insufficient-bnb':
    'Not enough BNB to pay the network fee. Your balance is {balance}; top it up to at least {minFee}',
  'market.already-queued': 'You are already in the queue for {name}',
  'market.purchase-pending': 'Your purchase of {name} is still on its way',
  'market.not-queued': 'You are not in the queue for {name}',
  'market.unavailable': 'The marketplace is not available on this network',
  'server.busy': 'The server is busy right now. Please try again in a few seconds',
  'market.purchase-confirmed': 'NFT {name} is yours',
  'market.purchase-queued':
    'You joined the queue for {name}; the NFT is credited when your turn comes',
  'market.queue-left': 'You left the queue for {name}; the prepayment is returned',
  'market.queue-refunded': 'The prepayment for {name} was returned: you already hold this level',
  'market.reward-received': 'Reward for a sold NFT: {amount} {symbol}',

  'referral.reward-paid': 'Referral reward paid: {amount} {symbol}',
  'cpa.payout-paid': 'Affiliate payout received: {amount} {symbol}',
  'msg.invalid-link': 'Invalid link',
  'msg.invalid-callback-url': 'Enter an http:// or https:// address',
  'cpa.callback-refused':
    'This address is not allowed for postbacks: it leads to a private, local or reserved network',
  'cpa.callback-unresolved': 'This address could not be found (DNS)',
  'cpa.payout-mismatch': 'The amount to pay has changed to {amount}; check it and try again',
  'cpa.nothing-to-pay': 'This partner has nothing to be paid',
  'referral.save-too-late': 'A referral code can only be added within 24 hours of registering',
  'referral.already-referred': 'You already joined the referral programme',

  'wallet.insufficient-fee':
    'Withdrawal is not possible: there is not enough BNB to pay the network fee. Your balance is {balance}; top it up to at least the minimum transfer fee of {minFee}',
  'wallet.deposit-warning':
    'Send only {symbol} to this address. Anything else sent here will not be credited or refunded',
  'wallet.deposit-received': 'Deposit received: {amount} {symbol}',
  'wallet.withdrawal-confirmed': 'Withdrawal sent: {amount} {symbol}',
  'wallet.withdrawal-failed': 'Withdrawal failed: {amount} {symbol}. The amount is available again',
  'wallet.transaction-reverted': 'The transaction was reverted on chain',
  'wallet.deposit-dropped': 'A deposit on its way was dropped by the network',
  'wallet.address-is-contract':
    'This address is a smart contract: funds sent there may be lost. Enter the address of a personal wallet',
  'wallet.address-is-platform':
    'This is an address of the MEEET platform itself: funds sent there would be lost',
  'wallet.address-is-internal':
    'This is the deposit address of another MEEET user. Transfers between users are not available: ask them for the address of their own external wallet',
  'wallet.dev-fund-too-much':
    'The development chain cannot fund that much: at most {usdt} USDT and {bnb} BNB now',
  'meet.profile-incomplete': 'Confirm your e-mail and complete your profile to raise a hand',
  'meet.banned': 'Your account is banned from meeting and chat',
  'meet.hand-not-raised': 'Raise a hand first',
  'meet.accuracy-too-low': 'Location accuracy is too low (worse than {max} m)',
  'meet.position-stale': 'This location is too old',
  'meet.position-future': 'This location is dated in the future',
  'meet.position-too-often': 'Send your location at most once a second',
  'meet.position-implausible':
    'This location is {distance} m from your last one: no one moves that fast. Wait for a better fix',
  'meet.watch-too-far':
    'You can look at the map within {max} km of where you are. Send your location first',
  'realtime.too-often': 'Too many requests at once. Wait a few seconds and try again',
  'realtime.unknown-event': 'Unknown event',
  'realtime.payload-missing': 'Send the event with its data ({} when it has none)',
  'realtime.payload-malformed': 'The event’s data is not valid JSON',
  'meet.text-too-long': 'A message can have at most 2,000 characters',
  'meet.chat-not-allowed':
    'You can only write to people you have seen on the map in the last 24 hours or already talked to',
  'meet.blocked': 'You cannot write to this user',
  'meet.chat-rate-limited': 'You are sending messages too fast (at most {max} a minute)',
  'meet.new-conversations-limited': 'You can start at most {max} new conversations an hour',
  'meet.client-id-reused': 'This message id was already used for a different message',
  'meet.cannot-target-self': 'You cannot do this with yourself',
  'meet.report-decided': 'This report has already been decided',
  'meet.warning':
    'A moderator warned you about your behaviour in chat. Repeated violations lead to a ban',
  'meet.scam.wallet-address':
    'This message contains a crypto wallet address. Never send money to people you have not met: this is the most common scam',
  'meet.scam.seed-phrase':
    'This message contains what looks like a wallet recovery phrase. Never type or share your own: whoever has it owns your funds',
  'meet.scam.off-platform':
    'This message invites you to another messenger or shares a phone number. Scammers move chats where moderators cannot help you',
  'meet.scam.investment':
    'This message talks about investments or guaranteed returns. No one can guarantee returns: this is a typical scam',
  'meet.scam.money-request':
    'This message asks for money, a transfer, gift cards or a fee to unlock something. Never pay someone you have not met: this is how most romance scams end',
  'meetings.code-format': 'A handshake code has 6 digits',
  'meetings.code-invalid': 'This code is wrong or has expired. Ask your partner for a new one',
  'meetings.code-own': 'This is your own code: your partner enters it on their phone',
  'meetings.qr-invalid': 'This QR code is not a MEEET handshake or has expired',
  'meetings.already-active': 'You are already in a meeting. End it first',
  'meetings.partner-busy': 'Your partner is already in another meeting',
  'meetings.no-active': 'You have no meeting to end',
  'meetings.other-meeting': 'This code ends a different meeting',
  'meetings.token-unknown': 'This Bluetooth token is unknown or has expired',
  'meetings.proof-invalid': 'The Bluetooth handshake could not be verified',
  'meetings.not-yourself': 'You cannot meet yourself',
  'meetings.leader-unavailable': 'Meetings are briefly unavailable. Try again in a few seconds',
  'meetings.profile-incomplete': 'Confirm your e-mail and complete your profile to meet',
  'meetings.started':
    'Your meeting with {name} has started. Stay close: {needed} of the next {minutes} minutes must be together',
  'meetings.cannot-mint': 'No meeting started: it could not mint a token ({reasons})',
  'meetings.minted': `You met {name}: {token} is minted and goes on sale on the market. Each time it sells, you two share ${SELLER_PAYOUT_PERCENT}% of its price`,
  'meetings.refused': 'Your meeting with {name} is recorded, but no token was minted: {reasons}',
  'meetings.mint-failed':
    'Your meeting with {name} is recorded, but minting failed for a technical reason. You may meet again to mint',
  'meetings.not-proven': 'Your meeting with {name} was not confirmed: {reasons}',
  'meetings.device-lock-lifted': 'A moderator lifted the device lock: minting is possible again',
  'devices.unconfigured': 'Phone attestation is not set up on this server',
  'meetings.reason.no-shared-level': 'you do not hold a token of the same level',
  'meetings.reason.first-purchase-too-recent':
    'a token can mint only 24 hours after its first purchase',
  'meetings.reason.pair-already-minted': 'you have already minted together',
  'meetings.reason.device-locked': 'minting is paused for one of you by a device-protection lock',
  'meetings.reason.same-device': 'the two accounts proved the meeting with the same phone',
  'meetings.reason.kyc-required': 'Gold and Platinum need verified KYC for both of you',
  'meetings.reason.kyc-level-too-low': 'the verified KYC does not allow this level',
  'meetings.reason.status-annulled': 'one of you may not mint tokens any more',
  'meetings.reason.not-enough-minutes': 'the phones were not close long enough',
  'meetings.reason.gap-too-long': 'the phones lost each other for too long',
  'meetings.reason.implausible-speed': 'a location jumped faster than anyone can move',
  'meetings.reason.ended-early': 'the meeting was ended before the time was up',
  'staff.self': 'Staff cannot take this action on their own account',
  'staff.already-banned': 'This user is already banned',
  'staff.not-banned': 'This user is not banned',
  'staff.same-role': 'The user already has this role',
  'staff.not-locked': 'This user has no device lock',
  'staff.kyc-not-reopenable':
    'Only an approved or permanently rejected verification can be re-opened',
  'moderators.not-a-holder': 'Only a holder of this level can moderate it',
  'moderators.already': 'The user already moderates this level',
  'moderators.not-appointed': 'The user does not moderate this level',
  'kyc.level-not-moderated': 'You do not moderate this level',
} as const;

export type MessageKey =
  | keyof typeof appMessagesEn
  | keyof typeof errorMessagesEn
  | keyof typeof businessMessagesEn
  | keyof typeof custodyMessagesEn
  | keyof typeof reviewRulesMessagesEn;

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
  'msg.promocode-unknown':
    'Такого промокода ни у кого нет. Проверьте его или зарегистрируйтесь без него',
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
  'msg.invalid-push-token': 'Неверный токен уведомлений',
  'push.message-title': 'Сообщение от {name}',
  'push.news-title': 'Новости MEEET',
  'msg.name-locked': 'Имя и фамилию нельзя изменить после верификации',
  'msg.common-password': 'Этот пароль слишком распространён',
  'msg.wrong-password': 'Неверный текущий пароль',
  'msg.deletion-needs-forfeit':
    'Сначала выведите баланс и продайте токены или подтвердите отказ от них',
  'msg.email-taken': 'Аккаунт с таким e-mail уже существует',
  'msg.email-already-verified': 'Этот e-mail уже подтверждён',
  'msg.apple-account-exists': 'Этот Apple ID уже привязан к аккаунту. Пожалуйста, войдите',
  'msg.apple-ticket-invalid': 'Время входа через Apple истекло. Попробуйте ещё раз',
  'msg.too-many-codes': 'Код уже отправлен. Запросить новый можно через {count} с',
  'msg.invalid-amount': 'Введите сумму числом, например 12.5',
  'msg.amount-not-positive': 'Сумма должна быть больше нуля',
  'msg.amount-too-precise': 'Слишком много знаков после запятой',
  'msg.idempotency-key-required': 'Нужен заголовок Idempotency-Key',
  'msg.invalid-characters': 'Текст содержит недопустимый символ',
  'msg.codes-locked':
    'Слишком много неверных кодов для этого аккаунта. Новый код можно запросить после {time} (UTC)',
  'msg.login-locked': 'Слишком много неудачных попыток входа. Попробуйте через {count} с',
  'msg.factor-locked': 'Слишком много неверных кодов второго фактора. Попробуйте через {count} с',
  'msg.factor-code-format': 'Введите 6-значный код или код восстановления',
  'msg.totp-already-on': 'Приложение-аутентификатор уже включено',
  'msg.totp-not-started': 'Начните настройку заново: секрет аутентификатора не найден',
  'msg.passkey-invalid': 'Не удалось проверить ключ доступа',
  'msg.not-me-link-invalid': 'Эта ссылка уже использована или устарела',
  'msg.session-not-found': 'Этот сеанс уже завершён',

  'media.unsupported-type': 'Можно загрузить только фото в формате JPEG, PNG, WebP или HEIC',
  'media.too-large': 'Файл слишком большой: не более {count} МБ',
  'media.too-many-pixels': 'Изображение слишком большое: не более {count} мегапикселей',
  'media.unreadable':
    'Не удалось прочитать изображение. Возможно, файл повреждён или загружен не полностью',
  'media.too-many-files': 'За один раз можно загрузить не более {count} файлов',
  'media.album-forbidden': 'В этот альбом нельзя загружать файлы',
  'media.kind-required': 'Укажите, документ это или селфи',
  'media.album-full': 'Альбом заполнен: не более {count} фото',
  'media.kyc-locked': 'Фото для верификации нельзя изменить, пока их проверяют',

  'kyc.transition-forbidden': 'Статус верификации нельзя изменить с «{from}» на «{to}»',
  'kyc.profile-incomplete': 'Перед верификацией заполните профиль',
  'kyc.document-required': 'Добавьте фото документа, удостоверяющего личность',
  'kyc.selfie-required': 'Добавьте селфи',
  'kyc.max-nft-required': 'Выберите максимальный доступный уровень NFT',
  'kyc.comment-required': 'Укажите причину для пользователя',
  'kyc.own-application': 'Нельзя проверять собственную верификацию',
  'kyc.level-request-not-approved':
    'Запросить более высокий уровень можно после подтверждения личности',
  'kyc.level-already-allowed': 'Ваша верификация уже разрешает уровень {level}',
  'kyc.status.draft': 'Не отправлена',
  'kyc.status.requested': 'На проверке',
  'kyc.status.approved': 'Пройдена',
  'kyc.status.rejected': 'Отклонена',
  'kyc.status.rejected_forever': 'Отклонена без права повторной подачи',
  'kyc.notice.approved': 'Ваша личность подтверждена. Вам доступны NFT до уровня {level}',
  'kyc.notice.requested': 'Ваша верификация отправлена на повторную проверку',
  'kyc.notice.rejected':
    'Верификация отклонена: {comment}. Исправьте данные и отправьте заявку снова',
  'kyc.notice.rejected_forever': 'Верификация отклонена без права повторной подачи: {comment}',
  'kyc.notice.draft': 'Ваша верификация открыта заново: {comment}. Вы можете подать её снова',

  'news.notice': 'Новость: {title}',
  'news.cover-invalid': 'Выберите обложку, загруженную в альбом новостей',
  'ads.viewer-unknown': 'Не передан ни вошедший пользователь, ни отпечаток браузера',
  'ads.age-range': 'Минимальный возраст не может быть больше максимального',
  'campaigns.ends-before-start': 'Окончание должно быть позже начала',
  'campaigns.not-business': 'Кампании доступны только одобренному бизнес-аккаунту',
  'campaigns.not-editable': 'В текущем статусе кампанию нельзя изменить',
  'campaigns.wrong-status': 'Этот шаг невозможен в текущем статусе кампании',
  'campaigns.no-balance': 'Баланса USDT не хватает на полный день по дневному лимиту',
  'campaigns.image-invalid': 'Сначала загрузите изображение в изображения кампаний',
  'campaigns.no-venue': 'Для области нужна позиция вашего заведения на карте',
  'campaigns.notice.subject': 'ваша кампания «{title}»',
  'campaigns.notice.approved': 'Ваша кампания «{title}» одобрена и идёт по расписанию',
  'campaigns.notice.refused': 'Ваша кампания «{title}» отклонена: {reason}',
  'campaigns.notice.suspended':
    'Модератор остановил вашу кампанию «{title}»: {reason}. Исправьте её и отправьте снова.',
  'campaigns.notice.no-balance':
    'Ваша кампания «{title}» приостановлена: баланса USDT больше не хватает на день. Пополните баланс и возобновите её в кабинете',

  'market.transaction-failed': 'Транзакция не выполнена',
  'market.transaction-canceled': 'Транзакция отменена',
  'market.unknown-error':
    'Неизвестная ошибка. Пожалуйста, сообщите в поддержку, какие действия вы выполняли перед этим',
  'market.try-again': 'Попробовать снова',
  'market.already-have-nft': 'У вас уже есть NFT {name}',
  'market.login-to-buy': 'Войдите, чтобы купить NFT',
  'market.kyc-required': 'Для покупки {name} нужна верификация личности (KYC)',
  'market.kyc-level-too-low': 'Ваша верификация разрешает NFT до уровня {max}; {name} выше',
  'market.kyc-level-not-allowed': 'Ваша верификация не позволяет купить {name}',
  'market.insufficient-usdt': 'Недостаточно средств: {name} стоит {price}, ваш баланс {balance}',
  'market.insufficient-bnb':
    'Недостаточно BNB для оплаты комиссии сети. Ваш баланс {balance}; пополните его хотя бы до {minFee}',
  'market.already-queued': 'Вы уже стоите в очереди за {name}',
  'market.purchase-pending': 'Ваша покупка {name} ещё выполняется',
  'market.not-queued': 'Вы не стоите в очереди за {name}',
  'market.unavailable': 'Маркетплейс недоступен в этой сети',
  'server.busy': 'Сервер сейчас перегружен. Попробуйте ещё раз через несколько секунд',
  'market.purchase-confirmed': 'NFT {name} теперь ваш',
  'market.purchase-queued':
    'Вы встали в очередь за {name}; NFT будет зачислен, когда подойдёт ваша очередь',
  'market.queue-left': 'Вы вышли из очереди за {name}; предоплата возвращена',
  'market.queue-refunded': 'Предоплата за {name} возвращена: у вас уже есть NFT этого уровня',
  'market.reward-received': 'Вознаграждение за проданный NFT: {amount} {symbol}',

  'referral.reward-paid': 'Выплачено реферальное вознаграждение: {amount} {symbol}',
  'cpa.payout-paid': 'Получена партнёрская выплата: {amount} {symbol}',
  'msg.invalid-link': 'Неверная ссылка',
  'msg.invalid-callback-url': 'Введите адрес, начинающийся с http:// или https://',
  'cpa.callback-refused':
    'Этот адрес нельзя использовать для постбэков: он ведёт в частную, локальную или зарезервированную сеть',
  'cpa.callback-unresolved': 'Не удалось найти этот адрес (DNS)',
  'cpa.payout-mismatch':
    'Сумма к выплате изменилась и составляет {amount}; проверьте её и повторите',
  'cpa.nothing-to-pay': 'Этому партнёру нечего выплачивать',
  'referral.save-too-late':
    'Реферальный код можно добавить только в течение 24 часов после регистрации',
  'referral.already-referred': 'Вы уже участвуете в реферальной программе',

  'wallet.insufficient-fee':
    'Вывод невозможен: недостаточно BNB для оплаты комиссии сети. Ваш баланс: {balance}; пополните его как минимум на сумму минимальной комиссии за перевод: {minFee}',
  'wallet.deposit-warning':
    'Отправляйте на этот адрес только {symbol}. Другие средства, отправленные на этот адрес, не будут зачислены и не будут возвращены',
  'wallet.deposit-received': 'Получено пополнение: {amount} {symbol}',
  'wallet.withdrawal-confirmed': 'Вывод выполнен: {amount} {symbol}',
  'wallet.withdrawal-failed': 'Вывод не выполнен: {amount} {symbol}. Сумма снова доступна',
  'wallet.transaction-reverted': 'Транзакция отклонена сетью',
  'wallet.deposit-dropped': 'Пополнение в пути отменено сетью',
  'wallet.address-is-contract':
    'Этот адрес — смарт-контракт: отправленные туда средства могут быть потеряны. Укажите адрес личного кошелька',
  'wallet.address-is-platform':
    'Это адрес самой платформы MEEET: отправленные туда средства будут потеряны',
  'wallet.address-is-internal':
    'Это адрес пополнения другого пользователя MEEET. Переводы между пользователями недоступны: попросите адрес его внешнего кошелька',
  'wallet.dev-fund-too-much':
    'Тестовая сеть не может начислить столько: сейчас не больше {usdt} USDT и {bnb} BNB',
  'meet.profile-incomplete': 'Подтвердите e-mail и заполните профиль, чтобы поднять руку',
  'meet.banned': 'Ваш аккаунт заблокирован для встреч и чата',
  'meet.hand-not-raised': 'Сначала поднимите руку',
  'meet.accuracy-too-low': 'Слишком низкая точность местоположения (хуже {max} м)',
  'meet.position-stale': 'Это местоположение устарело',
  'meet.position-future': 'Время этого местоположения — в будущем',
  'meet.position-too-often': 'Отправляйте местоположение не чаще раза в секунду',
  'meet.position-implausible':
    'Это местоположение в {distance} м от предыдущего: так быстро не перемещаются. Дождитесь точного сигнала',
  'meet.watch-too-far':
    'Карту можно смотреть в пределах {max} км от того места, где вы находитесь. Сначала отправьте местоположение',
  'realtime.too-often': 'Слишком много запросов подряд. Подождите несколько секунд и повторите',
  'realtime.unknown-event': 'Неизвестное событие',
  'realtime.payload-missing': 'Отправьте событие с данными ({} если данных нет)',
  'realtime.payload-malformed': 'Данные события — не корректный JSON',
  'meet.text-too-long': 'Сообщение может содержать не более 2000 символов',
  'meet.chat-not-allowed':
    'Писать можно тем, кого вы видели на карте за последние 24 часа, или тем, с кем уже общались',
  'meet.blocked': 'Вы не можете написать этому пользователю',
  'meet.chat-rate-limited': 'Вы отправляете сообщения слишком часто (не более {max} в минуту)',
  'meet.new-conversations-limited': 'Можно начать не более {max} новых диалогов в час',
  'meet.client-id-reused': 'Этот идентификатор сообщения уже использован для другого сообщения',
  'meet.cannot-target-self': 'Это нельзя сделать с самим собой',
  'meet.report-decided': 'По этой жалобе уже принято решение',
  'meet.warning':
    'Модератор предупредил вас о нарушении правил в чате. Повторные нарушения приведут к блокировке',
  'meet.scam.wallet-address':
    'В сообщении есть адрес криптокошелька. Никогда не переводите деньги людям, с которыми не встречались: это самый частый вид мошенничества',
  'meet.scam.seed-phrase':
    'В сообщении похоже на фразу восстановления кошелька. Никогда не вводите и не передавайте свою: у кого она есть, тот владеет вашими средствами',
  'meet.scam.off-platform':
    'Вас зовут в другой мессенджер или дают номер телефона. Мошенники уводят переписку туда, где модераторы не смогут помочь',
  'meet.scam.investment':
    'В сообщении речь об инвестициях или гарантированном доходе. Доход никто не может гарантировать: это типичная схема мошенников',
  'meet.scam.money-request':
    'В сообщении просят денег, перевод, подарочные карты или плату за разблокировку. Никогда не платите тем, с кем не встречались: так заканчивается большинство мошенничеств на знакомствах',
  'meetings.code-format': 'Код рукопожатия состоит из 6 цифр',
  'meetings.code-invalid': 'Код неверен или устарел. Попросите у партнёра новый',
  'meetings.code-own': 'Это ваш собственный код: его вводит партнёр на своём телефоне',
  'meetings.qr-invalid': 'Этот QR-код не является рукопожатием MEEET или устарел',
  'meetings.already-active': 'Вы уже на встрече. Сначала завершите её',
  'meetings.partner-busy': 'Ваш партнёр уже на другой встрече',
  'meetings.no-active': 'У вас нет встречи, которую можно завершить',
  'meetings.other-meeting': 'Этот код завершает другую встречу',
  'meetings.token-unknown': 'Этот Bluetooth-токен неизвестен или устарел',
  'meetings.proof-invalid': 'Не удалось проверить Bluetooth-рукопожатие',
  'meetings.not-yourself': 'Нельзя встретиться с самим собой',
  'meetings.leader-unavailable': 'Встречи ненадолго недоступны. Попробуйте через несколько секунд',
  'meetings.profile-incomplete': 'Подтвердите e-mail и заполните профиль, чтобы встречаться',
  'meetings.started':
    'Встреча с {name} началась. Будьте рядом: {needed} из следующих {minutes} минут нужно провести вместе',
  'meetings.cannot-mint': 'Встреча не началась: она не смогла бы выпустить токен ({reasons})',
  'meetings.minted': `Вы встретились с {name}: выпущен {token}, он выставлен на маркетплейс. При каждой его продаже вы вдвоём делите ${SELLER_PAYOUT_PERCENT}% цены`,
  'meetings.refused': 'Встреча с {name} засчитана, но токен не выпущен: {reasons}',
  'meetings.mint-failed':
    'Встреча с {name} засчитана, но выпуск токена не удался по технической причине. Можно встретиться снова',
  'meetings.not-proven': 'Встреча с {name} не подтверждена: {reasons}',
  'meetings.device-lock-lifted':
    'Модератор снял блокировку устройства: выпуск токенов снова доступен',
  'devices.unconfigured': 'Проверка телефонов не настроена на этом сервере',
  'meetings.reason.no-shared-level': 'у вас нет токенов одного уровня',
  'meetings.reason.first-purchase-too-recent':
    'выпуск возможен только через 24 часа после первой покупки токена',
  'meetings.reason.pair-already-minted': 'вы уже выпускали токен вместе',
  'meetings.reason.device-locked':
    'выпуск приостановлен для одного из вас защитной блокировкой устройства',
  'meetings.reason.same-device': 'оба аккаунта подтверждали встречу одним телефоном',
  'meetings.reason.kyc-required': 'для Gold и Platinum нужна пройденная KYC у вас обоих',
  'meetings.reason.kyc-level-too-low': 'пройденная KYC не разрешает этот уровень',
  'meetings.reason.status-annulled': 'одному из вас больше нельзя выпускать токены',
  'meetings.reason.not-enough-minutes': 'телефоны были рядом недостаточно долго',
  'meetings.reason.gap-too-long': 'телефоны слишком долго не видели друг друга',
  'meetings.reason.implausible-speed': 'местоположение сместилось быстрее, чем можно двигаться',
  'meetings.reason.ended-early': 'встречу завершили раньше времени',
  'staff.self': 'Это действие нельзя применить к собственному аккаунту',
  'staff.already-banned': 'Пользователь уже заблокирован',
  'staff.not-banned': 'Пользователь не заблокирован',
  'staff.same-role': 'У пользователя уже эта роль',
  'staff.not-locked': 'У пользователя нет блокировки устройства',
  'staff.kyc-not-reopenable':
    'Открыть заново можно только одобренную или окончательно отклонённую верификацию',
  'moderators.not-a-holder': 'Модерировать уровень может только его владелец',
  'moderators.already': 'Пользователь уже модерирует этот уровень',
  'moderators.not-appointed': 'Пользователь не модерирует этот уровень',
  'kyc.level-not-moderated': 'Вы не модерируете этот уровень',
} as const satisfies Record<keyof typeof appMessagesEn, string>;

export const messages = {
  en: {
    ...errorMessagesEn,
    ...appMessagesEn,
    ...businessMessagesEn,
    ...custodyMessagesEn,
    ...reviewRulesMessagesEn,
  },
  ru: {
    ...errorMessagesRu,
    ...appMessagesRu,
    ...businessMessagesRu,
    ...custodyMessagesRu,
    ...reviewRulesMessagesRu,
  },
} as const satisfies Record<Locale, Record<MessageKey, string>>;

export const MESSAGE_KEYS = Object.keys(messages.en) as MessageKey[];

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(messages.en, key);
}
