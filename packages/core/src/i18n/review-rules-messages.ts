// The review rules' messages (issue 44 item 5), merged into the one catalogue in messages.ts.

export const reviewRulesMessagesEn = {
  'review-rules.radius-too-large': 'The area may be at most {limit} km around your venue',
  'review-rules.cap-too-small': 'The daily cap must be at least {limit} impressions',
  'review-rules.cap-too-large': 'The daily cap may be at most {limit} impressions',
  'review-rules.blocked-word':
    'The headline or text contains “{word}”, which campaigns may not use. Remove it to submit',
  'msg.daily-caps-order': 'The largest daily cap must not be below the smallest',
  'msg.too-many-blocked-words': 'At most 200 different blocked words',
} as const;

export const reviewRulesMessagesRu = {
  'review-rules.radius-too-large': 'Радиус охвата — не больше {limit} км от вашего заведения',
  'review-rules.cap-too-small': 'Дневной лимит показов — не меньше {limit}',
  'review-rules.cap-too-large': 'Дневной лимит показов — не больше {limit}',
  'review-rules.blocked-word':
    'В заголовке или тексте есть слово «{word}», недопустимое в кампаниях. Уберите его, чтобы отправить',
  'msg.daily-caps-order': 'Наибольший дневной лимит не может быть меньше наименьшего',
  'msg.too-many-blocked-words': 'Не больше 200 разных запрещённых слов',
} as const satisfies Record<keyof typeof reviewRulesMessagesEn, string>;
