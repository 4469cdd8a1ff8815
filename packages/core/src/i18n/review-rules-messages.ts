// The review rules' messages (issue 44 item 5), merged into the one catalogue in messages.ts.
import { CAMPAIGN_MAX_RADIUS_KM } from '../api/campaigns.ts';
import { REVIEW_RULES_BOUNDS as BOUNDS } from '../api/review-rules.ts';

export const reviewRulesMessagesEn = {
  'review-rules.radius-too-large': 'The area may be at most {limit} km around your venue',
  'review-rules.cap-too-small': 'The daily cap must be at least {limit} impressions',
  'review-rules.cap-too-large': 'The daily cap may be at most {limit} impressions',
  'review-rules.blocked-word':
    'The headline or text contains “{word}”, which campaigns may not use. Remove it to submit',
  'msg.daily-caps-order': 'The largest daily cap must not be below the smallest',
  'msg.too-many-blocked-words': `At most ${BOUNDS.maxBlockedWords} different blocked words`,
  'msg.blocked-word-too-long': `Each blocked word may have at most ${BOUNDS.maxWordLength} characters`,
  'msg.radius-bounds': `A whole number of km from 1 to ${CAMPAIGN_MAX_RADIUS_KM}`,
  'msg.daily-cap-bounds': `A whole number from 1 to ${BOUNDS.maxDailyCap}`,
  'msg.review-hours-bounds': `A whole number of hours from 1 to ${BOUNDS.maxReviewHours}`,
} as const;

export const reviewRulesMessagesRu = {
  'review-rules.radius-too-large': 'Радиус охвата — не больше {limit} км от вашего заведения',
  'review-rules.cap-too-small': 'Дневной лимит показов — не меньше {limit}',
  'review-rules.cap-too-large': 'Дневной лимит показов — не больше {limit}',
  'review-rules.blocked-word':
    'В заголовке или тексте есть слово «{word}», недопустимое в кампаниях. Уберите его, чтобы отправить',
  'msg.daily-caps-order': 'Наибольший дневной лимит не может быть меньше наименьшего',
  'msg.too-many-blocked-words': `Не больше ${BOUNDS.maxBlockedWords} разных запрещённых слов`,
  'msg.blocked-word-too-long': `В запрещённом слове не больше ${BOUNDS.maxWordLength} символов`,
  'msg.radius-bounds': `Целое число километров от 1 до ${CAMPAIGN_MAX_RADIUS_KM}`,
  'msg.daily-cap-bounds': `Целое число от 1 до ${BOUNDS.maxDailyCap}`,
  'msg.review-hours-bounds': `Целое число часов от 1 до ${BOUNDS.maxReviewHours}`,
} as const satisfies Record<keyof typeof reviewRulesMessagesEn, string>;
