import { formatTokenAmount } from '@meeet/core/format/number';

/** Rows per page of the cabinet's conversions and postbacks. */
export const CPA_PAGE_SIZE = 10;

/** An amount of the smallest unit as the cabinet shows it. */
export const usdt = (units: string) => `${formatTokenAmount(units)} USDT`;
