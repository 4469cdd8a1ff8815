import { RewardAction } from '@meeet/core/enums';

export const REWARD_ACTIONS = [
  RewardAction.REGISTRATION,
  RewardAction.FILL_PROFILE,
  RewardAction.FIRST_MEET,
  RewardAction.PURCHASE,
] as const;

/** Spec §3 affiliate link statistics, in the cabinet's order. */
export const STATS = ['hits', 'regs', 'value', 'profit', 'paid'] as const;

/** CPA landing pages (spec §2) that reuse the home screen. */
export const LANDINGS = [
  { key: 'main', path: '/l' },
  { key: 'meet', path: '/l/meet' },
  { key: 'earn', path: '/l/earn' },
] as const;
