import type en from './en.ts';

const ru: typeof en = {
  'field.first-name': 'Имя',
  'field.last-name': 'Фамилия',
  'field.sur-name': 'Отчество',
  'field.domain': 'Никнейм',
  'field.domain-hint': 'Латинские буквы и цифры, начиная с буквы',
  'field.domain-checking': 'Проверяем, свободен ли никнейм…',
  'field.gender': 'Пол',
  'gender.male': 'Мужской',
  'gender.female': 'Женский',
  'field.bdate': 'Дата рождения',
  'field.bdate-hint': 'ДД.ММ.ГГГГ',
  'field.phone': 'Телефон',
  'field.country': 'Страна',
  'field.country-none': 'Не указана',
  'names-locked':
    'Имя и фамилия подтверждены документами при верификации (KYC) и больше не могут быть изменены.',
  saving: 'Сохраняем…',
  saved: 'Профиль сохранён.',
  'error.unknown': 'Не удалось сохранить профиль. Попробуйте ещё раз.',
};

export default ru;
