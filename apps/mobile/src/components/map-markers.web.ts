import type { MapHand } from '@meeet/core/api/realtime';
import type { Mood } from '@meeet/core/api/meet';
import { moodColors, PLACE_COLOR, SELF_COLOR, type MapPlace } from './people-map-types.ts';

/**
 * The web map's markers as DOM elements (MapLibre places them): buttons with the full sentence
 * as their accessible name, so a screen reader and the browser tests read them as people do.
 */
function button(label: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.setAttribute('aria-label', label);
  element.title = label;
  Object.assign(element.style, {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    background: 'none',
    border: '0',
    padding: '0',
    cursor: 'pointer',
  });
  return element;
}

function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** A person: their photo (or initial) in a ring of their mood's colour, their name below. */
export function personMarker(
  hand: MapHand,
  texts: { label: string; name: string; photo: string | null },
): HTMLButtonElement {
  const element = button(texts.label);
  element.dataset.userId = String(hand.userId);
  element.dataset.lat = String(hand.lat);
  element.dataset.lon = String(hand.lon);
  const face = document.createElement('span');
  Object.assign(face.style, {
    width: '38px',
    height: '38px',
    borderRadius: '50%',
    border: `3px solid ${moodColors[hand.mood]}`,
    boxShadow: `0 0 0 5px ${moodColors[hand.mood]}33`,
    background: '#262a35',
    color: '#ffffff',
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    font: '600 16px system-ui, sans-serif',
  });
  face.textContent = initialOf(texts.name);
  if (texts.photo) {
    const photo = document.createElement('img');
    photo.alt = '';
    photo.src = texts.photo;
    Object.assign(photo.style, { width: '100%', height: '100%', objectFit: 'cover' });
    // A photo that fails to load leaves the initial.
    photo.addEventListener('load', () => face.replaceChildren(photo));
  }
  element.append(face, nameTag(texts.name));
  return element;
}

function nameTag(name: string): HTMLSpanElement {
  const tag = document.createElement('span');
  tag.textContent = name;
  Object.assign(tag.style, {
    marginTop: '2px',
    maxWidth: '96px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    padding: '1px 6px',
    borderRadius: '8px',
    background: '#0b0b0fcc',
    color: '#ffffff',
    font: '600 11px system-ui, sans-serif',
  });
  return tag;
}

/** A crowd too close to tell apart at this zoom: its size, in its most common mood's colour. */
export function crowdMarker(count: number, mood: Mood, label: string): HTMLButtonElement {
  const element = button(label);
  const disc = document.createElement('span');
  const size = count < 10 ? 40 : count < 100 ? 48 : 56;
  Object.assign(disc.style, {
    width: `${size}px`,
    height: `${size}px`,
    borderRadius: '50%',
    background: moodColors[mood],
    boxShadow: `0 0 0 6px ${moodColors[mood]}44`,
    color: '#0b0b0f',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    font: '700 15px system-ui, sans-serif',
  });
  disc.textContent = String(count);
  element.append(disc);
  return element;
}

/** The user's own exact position (it never leaves the phone). */
export function selfMarker(label: string): HTMLButtonElement {
  const element = button(label);
  const dot = document.createElement('span');
  Object.assign(dot.style, {
    width: '16px',
    height: '16px',
    borderRadius: '50%',
    background: SELF_COLOR,
    border: '3px solid #ffffff',
    boxShadow: `0 0 0 6px ${SELF_COLOR}44`,
  });
  element.append(dot, nameTag(label));
  return element;
}

/** A meeting spot: a square pin of the places' colour with its name below (never a face). */
export function placeMarker(place: MapPlace): HTMLButtonElement {
  const element = button(place.label);
  element.dataset.spotId = String(place.id);
  const pin = document.createElement('span');
  Object.assign(pin.style, {
    width: '22px',
    height: '22px',
    borderRadius: '6px',
    background: PLACE_COLOR,
    border: '2px solid #ffffff',
  });
  const name = document.createElement('span');
  name.textContent = place.name;
  Object.assign(name.style, { color: '#ffffff', font: '600 11px system-ui, sans-serif' });
  element.append(pin, name);
  return element;
}
