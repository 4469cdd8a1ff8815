import { birthDateToIso, validateBirthDate, type BirthDateOptions } from './birth-date.ts';
import { normalizeEmail, validateEmail } from './email.ts';
import { validateNickname } from './nickname.ts';
import { validatePassword } from './password.ts';
import { parsePromoCode } from './promo-code.ts';
import { requiredString } from './zod-base.ts';

export { zWalletAddress } from './zod-base.ts';

// Zod schemas for API payloads and forms that call the rule functions, so each rule is written
// once. Every issue message is a catalogue KEY ('msg.invalid-email'); the server and the web
// translate it with translate(locale, key).

/** Birth date 'DD.MM.YYYY' (trimmed); `now` is read at validation time unless injected. */
export function birthDateSchema(options: BirthDateOptions = {}) {
  return requiredString('msg.invalid-date')
    .superRefine((value, ctx) => {
      const error = validateBirthDate(value, options);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((value) => value.trim());
}
export const zBirthDate = birthDateSchema();

/** Birth date typed as 'DD.MM.YYYY', output as the stored ISO timestamp at midnight UTC. */
export function birthDateToIsoSchema(options: BirthDateOptions = {}) {
  return birthDateSchema(options).transform((value) => birthDateToIso(value) ?? '');
}
export const zBirthDateToIso = birthDateToIsoSchema();

/** E-mail, output normalised (trimmed, lower case). */
export const zEmail = requiredString('msg.invalid-email')
  .superRefine((value, ctx) => {
    const error = validateEmail(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform(normalizeEmail);

/** New password with the strength rule. For a login form use a plain required string instead. */
export const zPassword = requiredString('msg.weak-password').superRefine((value, ctx) => {
  const error = validatePassword(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/** Nickname (domain), output trimmed with its letter case kept. */
export const zNickname = requiredString('msg.invalid-username')
  .superRefine((value, ctx) => {
    const error = validateNickname(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((value) => value.trim());

/** Promo code, output trimmed as typed. */
export const zPromoCode = requiredString('msg.invalid-promocode')
  .superRefine((value, ctx) => {
    const result = parsePromoCode(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.error });
  })
  .transform((value) => value.trim());
