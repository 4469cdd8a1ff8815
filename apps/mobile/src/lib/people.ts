import type { MapHand } from '@meeet/core/api/realtime';
import type { Mood, PublicCard } from '@meeet/core/api/meet';
import type { Translate } from './i18n.ts';
import { createStore } from './store.ts';

/** Cards of people seen on the map or in chats, so a person's screen opens at once. */
export type KnownPerson = PublicCard & { mood?: Mood; distanceM?: number };
export const peopleStore = createStore<ReadonlyMap<number, KnownPerson>>(new Map());

export function rememberPeople(people: readonly KnownPerson[]): void {
  if (people.length === 0) return;
  peopleStore.set((previous) => {
    const next = new Map(previous);
    for (const person of people) next.set(person.userId, { ...next.get(person.userId), ...person });
    return next;
  });
}

export function displayName(person: Pick<PublicCard, 'nickname' | 'firstName' | 'userId'>): string {
  return person.nickname ?? person.firstName ?? `#${person.userId}`;
}

/** Distances come in 100 m steps; shown as metres below 1 km, else km with one decimal. */
export function distanceText(t: Translate, metres: number): string {
  if (metres < 1000) return t('m.distance.m', { value: Math.max(100, metres) });
  return t('m.distance.km', { value: (Math.round(metres / 100) / 10).toString() });
}

export function moodText(t: Translate, mood: Mood): string {
  return t(`m.mood.${mood}`);
}

export function handLabel(t: Translate, hand: MapHand): string {
  return t('m.map.person', {
    name: displayName(hand),
    mood: moodText(t, hand.mood),
    distance: distanceText(t, hand.distanceM),
  });
}
