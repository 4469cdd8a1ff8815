import type en from './en.ts';

const ru: typeof en = {
  'review-within':
    '{hours, plural, one {Мы рассматриваем заявки в течение # часа.} other {Мы рассматриваем заявки в течение # часов.}}',
  overdue: 'Просрочено',
  'overdue.hint': '{hours, plural, one {Ждёт дольше # часа} other {Ждёт дольше # часов}}',
  'limits.area': 'Не больше {limit} км',
  'limits.cap': 'От {min} до {max} показов',
};

export default ru;
