import type { NewsItem } from '@meeet/core/api/news';

/** The item's title and body in the reader's language (English for any other). */
export function localized(item: NewsItem, language: string): { title: string; body: string } {
  return language.startsWith('ru')
    ? { title: item.titleRu, body: item.bodyRu }
    : { title: item.titleEn, body: item.bodyEn };
}
