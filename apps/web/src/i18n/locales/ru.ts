import type { CommonKey } from './en.ts';

const ru = {
  'app.loading': 'Загрузка…',
  'app.skip-to-content': 'Перейти к содержимому',

  'nav.home': 'Главная',
  'nav.market': 'Маркетплейс',
  'nav.meet-and-play': 'Встречи и игра',
  'nav.faq': 'Вопросы и ответы',
  'nav.how-to-meet': 'Как встречаться и играть',
  'nav.support': 'Поддержка',
  'nav.affiliates': 'Партнёрам',
  'nav.terms': 'Условия использования',
  'nav.privacy': 'Политика конфиденциальности',
  'nav.login': 'Войти',
  'nav.account': 'Кабинет',
  'nav.wallet': 'Кошелёк',
  'nav.control': 'Панель управления',
  'nav.logout': 'Выйти',
  'nav.open-menu': 'Открыть меню',
  'nav.close-menu': 'Закрыть меню',
  'nav.main': 'Основная навигация',
  'language.label': 'Язык интерфейса',

  'page.coming-soon': 'Раздел в разработке и скоро откроется.',
  'page.market': 'Маркетплейс',
  'page.kyc': 'Верификация личности',
  'page.cpa': 'Рекламная платформа',
  'page.apple-login': 'Вход через Apple',
  'page.auth.login': 'Вход',
  'page.auth.register': 'Регистрация',
  'page.auth.update-profile': 'Заполните профиль',
  'page.auth.recovery': 'Восстановление пароля',
  'page.auth.confirm-email': 'Подтверждение e-mail',
  'page.account': 'Кабинет',
  'page.account.data': 'Личные данные',
  'page.account.market': 'Маркетплейс',
  'page.account.business': 'Мой бизнес',
  'page.account.referral': 'Реферальная программа',
  'page.account.referral.main': 'Основное',
  'page.account.referral.tree': 'Дерево рефералов',
  'page.account.cpa': 'Ваши партнёрские ссылки',
  'page.control': 'Панель управления',
  'page.control.monitor': 'Мониторинг',
  'page.control.kyc': 'Модерация KYC',
  'page.control.news': 'Добавить новость',
  'page.control.news-edit': 'Редактирование новости №{id}',
  'page.control.cpa': 'CPA',

  'cookie.title': 'Мы используем cookie',
  'cookie.text':
    'Мы используем cookie, без которых сайт не работает, а с вашего согласия — cookie для аналитики и персонализированной рекламы.',
  'cookie.more':
    'Обязательные cookie сохраняют вход и ваши настройки. Аналитические cookie показывают, как используется сайт, чтобы мы могли его улучшать. Рекламные cookie позволяют показывать рекламу по вашим интересам — благодаря ей приложение остаётся бесплатным. Изменить выбор можно в любой момент, очистив данные сайта в браузере.',
  'cookie.show-more': 'Показать больше',
  'cookie.roll-up': 'Свернуть',
  'cookie.consent.terms': 'Обязательные cookie (Условия использования)',
  'cookie.consent.analytics': 'Аналитические cookie',
  'cookie.consent.ads': 'Персонализированная реклама',
  'cookie.accept': 'Принять все cookie',
  'cookie.reject': 'Отклонить дополнительные cookie',

  'install.title': 'MEEET для iPhone',
  'install.text':
    'Поднимите руку, знакомьтесь с людьми рядом и создавайте токены — скачайте приложение в App Store.',
  'install.dismiss': 'Не сейчас',

  'error.title': 'Что-то пошло не так',
  'error.text': 'Не удалось загрузить страницу. Обычно помогает перезагрузка.',
  'error.reload': 'Перезагрузить',

  'footer.rights': '© {year} MEEET. Все права защищены.',
  'footer.cookie-settings': 'Настройки cookie',
  'footer.adults': 'Только для совершеннолетних (18+).',
} as const satisfies Record<CommonKey, string>;

export default ru;
