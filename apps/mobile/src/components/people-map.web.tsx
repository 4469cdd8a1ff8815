import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapStyleUrl } from '../lib/config.ts';
import { moodColors, type PeopleMapProps } from './people-map-types.ts';

/** Works with no tile server: people on a plain dark background. */
const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#141822' } }],
};

function dot(color: string, size: number, label: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.setAttribute('aria-label', label);
  element.title = label;
  Object.assign(element.style, {
    width: `${size}px`,
    height: `${size}px`,
    borderRadius: '50%',
    border: '2px solid #0b0b0f',
    background: color,
    boxShadow: `0 0 0 6px ${color}33`,
    cursor: 'pointer',
    padding: '0',
  });
  return element;
}

/** The web build: MapLibre GL, tiles from the configured style URL if there is one. */
export function PeopleMap({ center, self, hands, selfLabel, labelOf, onSelect }: PeopleMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const markers = useRef<maplibregl.Marker[]>([]);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!container.current) return;
    const created = new maplibregl.Map({
      container: container.current,
      style: mapStyleUrl() || OFFLINE_STYLE,
      center: [center.lon, center.lat],
      zoom: 14,
      attributionControl: false,
    });
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
    // The map is made once; later centres move it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    for (const marker of markers.current) marker.remove();
    const made: maplibregl.Marker[] = [];
    const bounds = new maplibregl.LngLatBounds([center.lon, center.lat], [center.lon, center.lat]);
    for (const hand of hands) {
      const element = dot(moodColors[hand.mood], 18, labelOf(hand));
      element.dataset.userId = String(hand.userId);
      element.dataset.lat = String(hand.lat);
      element.dataset.lon = String(hand.lon);
      element.addEventListener('click', () => select.current(hand.userId));
      made.push(new maplibregl.Marker({ element }).setLngLat([hand.lon, hand.lat]).addTo(current));
      bounds.extend([hand.lon, hand.lat]);
    }
    if (self) {
      const element = dot('#ffffff', 14, selfLabel);
      made.push(new maplibregl.Marker({ element }).setLngLat([self.lon, self.lat]).addTo(current));
      bounds.extend([self.lon, self.lat]);
    }
    markers.current = made;
    if (hands.length > 0) current.fitBounds(bounds, { padding: 48, maxZoom: 16, duration: 0 });
    else current.jumpTo({ center: [center.lon, center.lat] });
  }, [center.lat, center.lon, hands, self, selfLabel, labelOf]);

  return (
    <div
      ref={container}
      data-testid="people-map"
      style={{ flex: 1, minHeight: 320, borderRadius: 12, overflow: 'hidden' }}
    />
  );
}
