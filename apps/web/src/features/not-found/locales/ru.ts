import type en from './en.ts';

const ru: typeof en = {
  code: '404',
  title: 'Эта страница куда-то ушла',
  text: 'Мы обыскали всю карту, но по этому адресу ничего нет. Возможно, ссылка устарела или в ней опечатка.',
  home: 'На главную',
  faq: 'Читать FAQ',
};

export default ru;
