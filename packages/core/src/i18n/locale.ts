export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Spec §1: a stored locale wins; else the browser language's part before a hyphen;
 * else English. Also used by the server with the Accept-Language header's first tag.
 */
export function resolveLocale(
  stored: string | null | undefined,
  browserLanguage?: string | null,
): Locale {
  if (isLocale(stored)) return stored;
  const primary = browserLanguage?.split(/[-_]/)[0]?.trim().toLowerCase();
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}
