import { z } from 'zod';
import { profileUpdateRequestSchema } from '@meeet/core/api/user';
import type { Gender } from '@meeet/core/enums';
import { validateGender } from '@meeet/core/rules/profile';
import { zBirthDateToIso, zNickname } from '@meeet/core/rules/zod';

const { shape } = profileUpdateRequestSchema;
/** The request's own name rule (trimmed, length), made required. */
const requiredName = shape.firstName.unwrap().unwrap().min(1, 'msg.required');

/**
 * POST /user/profile-update as the profile form sends it: core's request schema, with the
 * fields spec §4 needs for a complete profile made required. The birth date is typed
 * 'DD.MM.YYYY' (core's birth-date rule, in its order) and leaves as the stored ISO timestamp.
 */
export const profileFormSchema = profileUpdateRequestSchema.extend({
  firstName: requiredName,
  lastName: requiredName,
  domain: zNickname,
  gender: z.custom<Gender>((value) => validateGender(value) === null, 'msg.choose-gender'),
  bdate: zBirthDateToIso,
});

export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** What the inputs hold: text as typed, gender unset until chosen. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  surName: string;
  domain: string;
  gender: number | null;
  bdate: string;
  phone: string;
  country: string;
}

/** Optional fields left empty are cleared (null), not sent as '' (which the rules refuse). */
export function profileFormInput(values: ProfileFormValues) {
  const blankToNull = (value: string) => (value.trim() === '' ? null : value);
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    surName: blankToNull(values.surName),
    domain: values.domain,
    gender: values.gender,
    bdate: values.bdate,
    phone: blankToNull(values.phone),
    country: blankToNull(values.country),
  };
}
