import { SUPPORT_EMAIL } from '@meeet/core/constants';
import { textValues } from '../../i18n/text-values.ts';

/** Date both documents take effect (the same in every language; formatted per locale). */
export const EFFECTIVE_DATE = new Date(Date.UTC(2026, 10, 22));

/** Interpolation values for the legal texts: the shared ones, the address named `email`. */
export const values = { ...textValues, email: SUPPORT_EMAIL };
