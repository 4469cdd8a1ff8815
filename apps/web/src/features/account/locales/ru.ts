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
};

export default ru;
