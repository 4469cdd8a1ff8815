import type en from './en.ts';

const ru: typeof en = {
  'data.title': 'Личные данные',
  'data.account': 'Аккаунт',
  'data.uid': 'UID',
  'data.email': 'E-mail',
  'data.email-verified': 'Подтверждён',
  'data.email-unverified': 'Не подтверждён',
  'data.email-confirm': 'Подтвердить e-mail',
  'data.registered': 'Дата регистрации',
  'data.referral-code': 'Ваш реферальный код',
  'data.referral-link': 'Ваша реферальная ссылка',
  'data.copy': 'Копировать',
  'data.copied': 'Скопировано',
  'data.profile': 'Профиль',
  'data.save': 'Сохранить изменения',
  'data.saved': 'Профиль сохранён.',
  'data.logout': 'Выйти',
  'data.load-error': 'Не удалось загрузить аккаунт. Обновите страницу.',
  'data.photos': 'Фото профиля',
  'data.verified': 'Личность подтверждена',
  'data.verify': 'Пройти верификацию',
  'photos.hint': 'Фото профиля видны всем. Отмеченное фото — ваш аватар.',
  'photos.add': 'Добавить фото',
  'photos.uploading': 'Загрузка…',
  'photos.alt': 'Фото профиля',
  'photos.avatar': 'Аватар',
  'photos.make-avatar': 'Сделать аватаром',
  'photos.delete': 'Удалить',
  'photos.error': 'Не удалось изменить фото. Попробуйте ещё раз.',
};

export default ru;
