import type { ErrorCode } from '../api/errors.ts';

type ErrorMessages = Record<`error.${ErrorCode}`, string>;

export const errorMessagesEn: ErrorMessages = {
  'error.VALIDATION_ERROR': 'Some fields are filled in incorrectly',
  'error.BAD_REQUEST': 'The request could not be understood',
  'error.UNAUTHORIZED': 'Invalid login or password',
  'error.TOKEN_INVALID': 'Your session has ended. Please log in again',
  'error.FORBIDDEN': 'You do not have access to this',
  'error.NOT_FOUND': 'Not found',
  'error.USER_NOT_FOUND': 'User with this email does not exist',
  'error.CONDITIONS_NOT_MET': 'User with this email does not exist',
  'error.INVALID_CODE': 'Invalid code',
  'error.CONFLICT': 'This has already been done',
  'error.PAYLOAD_TOO_LARGE': 'The request is too large',
  'error.UNSUPPORTED_MEDIA_TYPE': 'This content type is not supported',
  'error.RATE_LIMITED': 'Too many attempts. Please try again later',
  'error.SERVICE_UNAVAILABLE': 'The service is temporarily unavailable',
  'error.INTERNAL_ERROR': 'Something went wrong on our side. Please try again later',
  'error.UNKNOWN_ERROR':
    'Unknown error. Please inform support of the actions you took before this happened',
  'error.INSUFFICIENT_FUNDS': 'Insufficient funds',
  'error.INSUFFICIENT_FEE':
    'Withdrawal is not possible: there is not enough BNB to pay the network fee',
  'error.IDEMPOTENCY_KEY_REUSED':
    'This request was already sent with different data or is still being processed',
  'error.REQUEST_TIMEOUT': 'The request took too long to arrive. Please try again',
  'error.HEADERS_TOO_LARGE': 'The request headers are too large',
  'error.ACCOUNT_BANNED':
    'Your account has been banned by a moderator for breaking the rules. Contact support if you think this is a mistake',
  'error.POSITION_IMPLAUSIBLE': 'This location is too far from your last one',
  'error.WATCH_OUT_OF_REACH': 'You can only look at the map around where you are',
  'error.DEVICE_NOT_ATTESTED':
    'Meetings are proven with the MEEET app on an iPhone. Open the app on your phone to meet',
  'error.ATTESTATION_INVALID':
    'This phone could not be verified as running the MEEET app. Update the app and try again',
  'error.ASSERTION_INVALID':
    'This request could not be verified as coming from your phone. Restart the app and try again',
  'error.SAME_DEVICE': 'Two accounts on the same phone cannot meet each other',
  'error.MEETING_CANNOT_MINT': 'This meeting could not mint a token, so it did not start',
  'error.WITHDRAWALS_HELD': 'Withdrawals are paused for now',
  'error.ADDRESS_ON_HOLD': 'This address cannot receive funds yet',
  'error.ADDRESS_NOT_SAVED': 'Withdrawals may go only to saved addresses',
};

export const errorMessagesRu: ErrorMessages = {
  'error.VALIDATION_ERROR': 'Некоторые поля заполнены неверно',
  'error.BAD_REQUEST': 'Запрос не удалось разобрать',
  'error.UNAUTHORIZED': 'Неверный логин или пароль',
  'error.TOKEN_INVALID': 'Сессия завершена. Пожалуйста, войдите снова',
  'error.FORBIDDEN': 'У вас нет доступа к этому разделу',
  'error.NOT_FOUND': 'Не найдено',
  'error.USER_NOT_FOUND': 'Пользователь с таким e-mail не существует',
  'error.CONDITIONS_NOT_MET': 'Пользователь с таким e-mail не существует',
  'error.INVALID_CODE': 'Неверный код',
  'error.CONFLICT': 'Это уже сделано',
  'error.PAYLOAD_TOO_LARGE': 'Слишком большой запрос',
  'error.UNSUPPORTED_MEDIA_TYPE': 'Этот тип содержимого не поддерживается',
  'error.RATE_LIMITED': 'Слишком много попыток. Попробуйте позже',
  'error.SERVICE_UNAVAILABLE': 'Сервис временно недоступен',
  'error.INTERNAL_ERROR': 'Что-то пошло не так на нашей стороне. Попробуйте позже',
  'error.UNKNOWN_ERROR':
    'Неизвестная ошибка. Пожалуйста, сообщите в поддержку, какие действия вы выполняли',
  'error.INSUFFICIENT_FUNDS': 'Недостаточно средств',
  'error.INSUFFICIENT_FEE': 'Вывод невозможен: недостаточно BNB для оплаты комиссии сети',
  'error.IDEMPOTENCY_KEY_REUSED':
    'Этот запрос уже был отправлен с другими данными или ещё обрабатывается',
  'error.REQUEST_TIMEOUT': 'Запрос передавался слишком долго. Попробуйте ещё раз',
  'error.HEADERS_TOO_LARGE': 'Слишком большие заголовки запроса',
  'error.ACCOUNT_BANNED':
    'Ваш аккаунт заблокирован модератором за нарушение правил. Если вы считаете это ошибкой, напишите в поддержку',
  'error.POSITION_IMPLAUSIBLE': 'Это местоположение слишком далеко от предыдущего',
  'error.WATCH_OUT_OF_REACH': 'Карту можно смотреть только вокруг того места, где вы находитесь',
  'error.DEVICE_NOT_ATTESTED':
    'Встречи подтверждаются в приложении MEEET на iPhone. Откройте приложение на телефоне',
  'error.ATTESTATION_INVALID':
    'Не удалось убедиться, что на этом телефоне работает приложение MEEET. Обновите приложение и попробуйте снова',
  'error.ASSERTION_INVALID':
    'Не удалось убедиться, что запрос отправлен с вашего телефона. Перезапустите приложение и попробуйте снова',
  'error.SAME_DEVICE': 'Два аккаунта на одном телефоне не могут встретиться друг с другом',
  'error.MEETING_CANNOT_MINT': 'Эта встреча не смогла бы выпустить токен, поэтому она не началась',
  'error.WITHDRAWALS_HELD': 'Вывод средств временно приостановлен',
  'error.ADDRESS_ON_HOLD': 'Этот адрес ещё не может получать средства',
  'error.ADDRESS_NOT_SAVED': 'Вывод разрешён только на сохранённые адреса',
};
