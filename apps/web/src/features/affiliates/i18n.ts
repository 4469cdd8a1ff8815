import i18n from '../../i18n/i18n';
import en from './locales/en.ts';
import ru from './locales/ru.ts';

export const NS = 'affiliates';
i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);
