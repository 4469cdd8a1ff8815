import type { Locale } from './locale.ts';

/**
 * Title and description of each page, in both languages: the server writes them into the
 * HTML it sends (search engines, link previews) and the web app keeps the tab title in step
 * on navigation. Keys are the route patterns of web/routes.ts; a page not listed gets `default`.
 */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

type MetaTable = Readonly<Record<string, PageMeta>>;

const en: MetaTable = {
  default: {
    title: 'MEEET — meet people nearby',
    description:
      'Raise a hand, see who is nearby, chat and meet in person. Two people with tokens of one level who meet mint a new token.',
  },
  '/': {
    title: 'MEEET — real meetings with people around you',
    description:
      'Raise a hand, see who is nearby on a live map, chat and meet in person. Each meeting of two token holders mints a new collectible token.',
  },
  '/l': {
    title: 'Meet people nearby and make your meetings count — MEEET',
    description:
      'MEEET shows who is around you and up for a chat, business or a date. Meet in person and earn collectible tokens.',
  },
  '/l/meet': {
    title: 'Meet someone new today — MEEET',
    description:
      'People nearby are up for a chat right now. Raise a hand in MEEET and meet in person.',
  },
  '/l/earn': {
    title: 'Earn from your meetings — MEEET',
    description:
      'Hold a token, meet another holder in person and mint a new token; earn a share when it sells.',
  },
  '/market': {
    title: 'Marketplace — MEEET',
    description: 'Buy Silver, Gold and Platinum tokens with USDT on BNB Smart Chain.',
  },
  '/market/token/:id': {
    title: 'A MEEET token',
    description: 'A collectible MEEET token on BNB Smart Chain: its level, number and generators.',
  },
  '/meet-and-play': {
    title: 'Meet & play — MEEET',
    description: 'How meetings become tokens: raise a hand, meet in person, mint together.',
  },
  '/help/faq': {
    title: 'Questions and answers — MEEET',
    description:
      'Answers about accounts, tokens, the marketplace, the wallet, verification and the referral programme.',
  },
  '/help/how-to-meet': {
    title: 'How to meet & play — MEEET',
    description: 'Step by step: raise a hand, find someone nearby, meet and mint a token.',
  },
  '/support': {
    title: 'Support — MEEET',
    description: 'Get in touch with the MEEET team: questions, problems and suggestions.',
  },
  '/affiliates': {
    title: 'Affiliate programme — MEEET',
    description:
      'Bring users to MEEET with your own links and get paid for registrations, profiles, meetings and purchases.',
  },
  '/terms': {
    title: 'Terms of use — MEEET',
    description: 'The terms under which MEEET and its marketplace may be used.',
  },
  '/privacy': {
    title: 'Privacy policy — MEEET',
    description: 'What MEEET collects, why, and how to have it changed or deleted.',
  },
  '/ref/:promocode': {
    title: 'You are invited to MEEET',
    description:
      'A friend invites you to MEEET: meet people nearby, chat, and mint tokens together. Sign up with the invitation.',
  },
  '/auth/login': { title: 'Sign in — MEEET', description: 'Sign in to your MEEET account.' },
  '/auth/register': {
    title: 'Join MEEET',
    description: 'Create a MEEET account: meet people nearby and collect tokens.',
  },
  '/auth/recovery': {
    title: 'Restore password — MEEET',
    description: 'Get a code by e-mail and set a new password.',
  },
  '/account': { title: 'Personal data — MEEET', description: 'Your MEEET profile.' },
  '/account/market': {
    title: 'Wallet — MEEET',
    description: 'Deposit, withdraw and your tokens.',
  },
  '/account/referral': {
    title: 'Referral programme — MEEET',
    description: 'Your invitation code, levels and referral tree.',
  },
  '/kyc': {
    title: 'Verification — MEEET',
    description: 'Verify your identity for Gold and Platinum.',
  },
  '*': { title: 'Page not found — MEEET', description: 'There is no page at this address.' },
};

const ru: MetaTable = {
  default: {
    title: 'MEEET — знакомства с людьми рядом',
    description:
      'Поднимите руку, посмотрите, кто рядом, пообщайтесь и встретьтесь вживую. Встреча двух владельцев токенов одного уровня создаёт новый токен.',
  },
  '/': {
    title: 'MEEET — настоящие встречи с людьми вокруг вас',
    description:
      'Поднимите руку, посмотрите на живой карте, кто рядом, пообщайтесь и встретьтесь. Каждая встреча владельцев токенов создаёт новый коллекционный токен.',
  },
  '/l': {
    title: 'Знакомьтесь с людьми рядом — MEEET',
    description:
      'MEEET показывает, кто рядом и готов к общению, делам или свиданию. Встречайтесь вживую и получайте коллекционные токены.',
  },
  '/l/meet': {
    title: 'Познакомьтесь с кем-то новым сегодня — MEEET',
    description: 'Люди рядом готовы пообщаться прямо сейчас. Поднимите руку в MEEET и встретьтесь.',
  },
  '/l/earn': {
    title: 'Зарабатывайте на встречах — MEEET',
    description:
      'Держите токен, встретьтесь с другим владельцем и создайте новый токен; получайте долю с его продажи.',
  },
  '/market': {
    title: 'Маркетплейс — MEEET',
    description: 'Токены Silver, Gold и Platinum за USDT в сети BNB Smart Chain.',
  },
  '/market/token/:id': {
    title: 'Токен MEEET',
    description: 'Коллекционный токен MEEET в сети BNB Smart Chain: уровень, номер и создатели.',
  },
  '/meet-and-play': {
    title: 'Встречайся и играй — MEEET',
    description: 'Как встречи становятся токенами: поднимите руку, встретьтесь, создайте токен.',
  },
  '/help/faq': {
    title: 'Вопросы и ответы — MEEET',
    description:
      'Ответы об аккаунте, токенах, маркетплейсе, кошельке, верификации и реферальной программе.',
  },
  '/help/how-to-meet': {
    title: 'Как встречаться и играть — MEEET',
    description: 'По шагам: поднимите руку, найдите человека рядом, встретьтесь и создайте токен.',
  },
  '/support': {
    title: 'Поддержка — MEEET',
    description: 'Напишите команде MEEET: вопросы, проблемы и предложения.',
  },
  '/affiliates': {
    title: 'Партнёрская программа — MEEET',
    description:
      'Приводите пользователей в MEEET по своим ссылкам и получайте оплату за регистрации, профили, встречи и покупки.',
  },
  '/terms': {
    title: 'Условия использования — MEEET',
    description: 'Условия, на которых можно пользоваться MEEET и его маркетплейсом.',
  },
  '/privacy': {
    title: 'Политика конфиденциальности — MEEET',
    description: 'Что MEEET собирает, зачем и как это изменить или удалить.',
  },
  '/ref/:promocode': {
    title: 'Вас приглашают в MEEET',
    description:
      'Друг приглашает вас в MEEET: знакомьтесь с людьми рядом, общайтесь и создавайте токены вместе. Зарегистрируйтесь по приглашению.',
  },
  '/auth/login': { title: 'Вход — MEEET', description: 'Вход в аккаунт MEEET.' },
  '/auth/register': {
    title: 'Регистрация в MEEET',
    description: 'Создайте аккаунт MEEET: знакомьтесь с людьми рядом и собирайте токены.',
  },
  '/auth/recovery': {
    title: 'Восстановление пароля — MEEET',
    description: 'Получите код по почте и задайте новый пароль.',
  },
  '/account': { title: 'Личные данные — MEEET', description: 'Ваш профиль MEEET.' },
  '/account/market': {
    title: 'Кошелёк — MEEET',
    description: 'Пополнение, вывод и ваши токены.',
  },
  '/account/referral': {
    title: 'Реферальная программа — MEEET',
    description: 'Ваш код приглашения, уровни и дерево рефералов.',
  },
  '/kyc': {
    title: 'Верификация — MEEET',
    description: 'Подтвердите личность для уровней Gold и Platinum.',
  },
  '*': { title: 'Страница не найдена — MEEET', description: 'По этому адресу страницы нет.' },
};

export const pageMeta: Readonly<Record<Locale, MetaTable>> = { en, ru };

/** The meta of a route pattern (`*` for the not-found page) in a language. */
export function pageMetaOf(pattern: string, locale: Locale): PageMeta {
  const table = pageMeta[locale];
  return table[pattern] ?? table.default!;
}
