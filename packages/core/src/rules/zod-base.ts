import { z } from 'zod';
import { checksumWalletAddress, validateWalletAddress, type Address } from './wallet-address.ts';

// The zod rules the money contracts (api/crypto.ts) use, apart from rules/zod.ts and api/user.ts:
// a page that validates wallet or market answers then builds only these, not every account
// form's schemas (issue 17: the market's first seconds on a phone). Both files re-export them.

/** A string field whose type error says 'msg.required' when absent, else `invalidKey`. */
export function requiredString(invalidKey: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'msg.required' : invalidKey,
  });
}

/** Six digits, as mailed. */
export const zCode = z.string().regex(/^\d{6}$/, 'error.INVALID_CODE');

/** Withdrawal address for `currency`, output in EIP-55 checksummed form. */
export function zWalletAddress(currency: string) {
  return requiredString('msg.incorrect-address')
    .superRefine((value, ctx) => {
      const error = validateWalletAddress(currency, value);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((value): Address => checksumWalletAddress(value));
}
