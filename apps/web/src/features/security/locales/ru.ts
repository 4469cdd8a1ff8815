import type en from './en.ts';

const ru: typeof en = {
  'sessions.title': 'Сеансы',
  'sessions.app': 'Приложение MEEET',
  'sessions.unknown': 'Неизвестный браузер',
  'sessions.unknown-place': 'место неизвестно',
  'sessions.details': '{place} · последняя активность {seen}',
  'sessions.this-device': 'Это устройство',
  'sessions.sign-out': 'Выйти',
  'sessions.sign-out-named': 'Завершить сеанс {name}',
  'sessions.sign-out-others': 'Выйти на всех других устройствах',
  'sessions.ended-others': 'Завершено других сеансов: {count}.',
  'anti-phishing.title': 'Антифишинговый код',
  'anti-phishing.intro':
    'Выберите фразу, которую будет показывать каждое письмо MEEET. Письмо без неё — не от нас.',
  'anti-phishing.current': 'Ваш код: {phrase}',
  'anti-phishing.none': 'Код не задан.',
  'anti-phishing.label': 'Новый код',
  'anti-phishing.help': 'От 4 до {max} символов; никому его не сообщайте.',
  'anti-phishing.save': 'Сохранить',
  'anti-phishing.remove': 'Удалить',
  'not-me.title': 'Это был не я',
  'not-me.intro':
    'В ваш аккаунт вошли с нового устройства. Завершите сеансы на всех устройствах; вывод средств останется замороженным, пока вы не смените пароль.',
  'not-me.confirm': 'Выйти на всех устройствах',
  'not-me.done':
    'Все сеансы завершены. Смените пароль, чтобы снова войти и разморозить вывод средств.',
  'not-me.no-token': 'Ссылка неполная. Откройте её из письма ещё раз.',
  'events.title': 'События безопасности',
  'events.none': 'Событий безопасности пока нет.',
  'events.when': 'Когда',
  'events.what': 'Событие',
  'events.details': 'Подробности',
  'events.from': 'Откуда',
  'event.sign-in-new-device': 'Вход с нового устройства',
  'event.session-ended': 'Сеанс завершён',
  'event.sessions-ended-elsewhere': 'Выход на всех других устройствах',
  'event.password-changed': 'Пароль изменён',
  'event.not-me': 'Нажато «Это был не я»',
  'event.anti-phishing-set': 'Антифишинговый код изменён',
  'event.factor-enrolled': 'Добавлен второй фактор',
  'event.factor-removed': 'Удалён второй фактор',
  'event.factor-failed': 'Неверный второй фактор',
  'event.address-added': 'Добавлен адрес вывода',
  'event.address-removed': 'Удалён адрес вывода',
};

export default ru;
