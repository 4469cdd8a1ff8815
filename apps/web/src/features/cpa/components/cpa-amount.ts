import { formatTokenAmount } from '@meeet/core/format/number';

/** An amount of the smallest unit as the cabinet shows it. */
export const usdt = (units: string) => `${formatTokenAmount(units)} USDT`;
