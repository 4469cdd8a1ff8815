import type en from './en.ts';

const ru: typeof en = {
  title: 'Новости',
  latest: 'Последние новости',
  all: 'Все новости',
  empty: 'Новостей пока нет.',
  'load-error': 'Не удалось загрузить новости.',
  'not-found': 'Такой новости нет или она не опубликована.',
  back: 'Ко всем новостям',
  more: 'Читать',
  prev: 'Новее',
  next: 'Старше',
};

export default ru;
