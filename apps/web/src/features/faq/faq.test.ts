import { describe, expect, it } from 'vitest';
import { FAQ_TOPIC_COUNT } from '@meeet/core/constants';
import en from './locales/en.ts';
import ru from './locales/ru.ts';

describe('FAQ content', () => {
  it(`has exactly ${FAQ_TOPIC_COUNT} topics in each language, with the same anchor ids`, () => {
    expect(en.topics).toHaveLength(FAQ_TOPIC_COUNT);
    expect(ru.topics.map((topic) => topic.id)).toEqual(en.topics.map((topic) => topic.id));
    expect(new Set(en.topics.map((topic) => topic.id)).size).toBe(FAQ_TOPIC_COUNT);
  });

  it('uses the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
    en.topics.forEach((topic, index) => {
      expect(names(ru.topics[index]!.a), topic.id).toEqual(names(topic.a));
    });
  });
});
