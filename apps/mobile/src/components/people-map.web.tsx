import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapStyleUrl } from '../lib/config.ts';
import { crowdMarker, personMarker, placeMarker, selfMarker } from './map-markers.web.ts';
import { PeopleClusters } from './people-clusters.ts';
import type { PeopleMapProps } from './people-map-types.ts';

/** Where the web build serves MapLibre's worker (scripts/copy-map-worker.mjs). */
const WORKER_PATH = '/maplibre/maplibre-gl-worker.mjs';

/** Works with no tile server: people on a plain dark background. */
const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#141822' } }],
};

/**
 * The markers on `map` at `zoom`: people (near ones drawn as one crowd), business spots and the
 * user's own place; a person's marker opens their card through `select` (a ref, so a new
 * handler does not redraw them).
 */
function useMarkers(
  map: maplibregl.Map | null,
  zoom: number | null,
  props: PeopleMapProps,
  select: RefObject<PeopleMapProps['onSelect']>,
) {
  const { self, hands, texts, labelOf, nameOf, photoOf, places } = props;
  const clusters = useMemo(() => new PeopleClusters(hands), [hands]);
  useEffect(() => {
    if (!map || zoom === null) return;
    const made: maplibregl.Marker[] = [];
    for (const place of clusters.places(zoom)) {
      if (place.kind === 'crowd') {
        const element = crowdMarker(place.count, place.mood, texts.crowd(place.count));
        element.addEventListener('click', () =>
          map.easeTo({ center: [place.lon, place.lat], zoom: clusters.expansionZoom(place.id) }),
        );
        made.push(new maplibregl.Marker({ element }).setLngLat([place.lon, place.lat]).addTo(map));
        continue;
      }
      const { hand } = place;
      const element = personMarker(hand, {
        label: labelOf(hand),
        name: nameOf(hand),
        photo: photoOf(hand),
      });
      element.addEventListener('click', () => select.current(hand.userId));
      made.push(new maplibregl.Marker({ element }).setLngLat([hand.lon, hand.lat]).addTo(map));
    }
    for (const place of places ?? []) {
      const element = placeMarker(place);
      made.push(new maplibregl.Marker({ element }).setLngLat([place.lon, place.lat]).addTo(map));
    }
    if (self) {
      const element = selfMarker(texts.you);
      made.push(new maplibregl.Marker({ element }).setLngLat([self.lon, self.lat]).addTo(map));
    }
    return () => {
      for (const marker of made) marker.remove();
    };
  }, [map, zoom, clusters, self, texts, labelOf, nameOf, photoOf, places, select]);
}

/** Says why the map shows no streets (its style could not be loaded). */
function OfflineNote({ text }: { text: string }) {
  return (
    <div
      role="status"
      style={{
        position: 'absolute',
        left: 8,
        right: 8,
        bottom: 8,
        padding: '6px 10px',
        borderRadius: 8,
        background: '#0b0b0fd9',
        color: '#d7dae3',
        font: '12px system-ui, sans-serif',
      }}
    >
      {text}
    </div>
  );
}

/**
 * The web build: MapLibre GL with the configured street style (OpenFreeMap's keyless "liberty"
 * unless MEEET_MAP_STYLE_URL says otherwise); when the style cannot be loaded (offline), people
 * stay on a plain background and a note says why.
 */
export function PeopleMap(props: PeopleMapProps) {
  const { center, self, hands, texts } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  // The zoom decides which people are drawn as one crowd.
  const [zoom, setZoom] = useState<number | null>(null);
  const [offline, setOffline] = useState(false);
  const select = useRef(props.onSelect);
  useEffect(() => {
    select.current = props.onSelect;
  }, [props.onSelect]);

  useEffect(() => {
    if (!container.current) return;
    const styleUrl = mapStyleUrl();
    maplibregl.setWorkerUrl(new URL(WORKER_PATH, window.location.origin).href);
    const created = new maplibregl.Map({
      container: container.current,
      style: styleUrl || OFFLINE_STYLE,
      center: [center.lon, center.lat],
      zoom: 14,
      attributionControl: styleUrl ? { compact: true } : false,
    });
    let styled = !styleUrl;
    setOffline(!styleUrl);
    created.on('load', () => {
      styled = true;
    });
    created.on('error', () => {
      // Only a style that never loaded is replaced; a missing tile later leaves the rest drawn.
      if (styled) return;
      styled = true;
      created.setStyle(OFFLINE_STYLE);
      setOffline(true);
    });
    created.on('moveend', () => setZoom(created.getZoom()));
    setZoom(created.getZoom());
    setMap(created);
    return () => {
      created.remove();
      setMap(null);
    };
    // The map is made once; later centres move it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The first people seen are fitted into view once; after that the user's zoom is theirs.
  const fitted = useRef(false);
  useEffect(() => {
    if (!map || fitted.current || hands.length === 0) return;
    fitted.current = true;
    const bounds = new maplibregl.LngLatBounds([center.lon, center.lat], [center.lon, center.lat]);
    for (const hand of hands) bounds.extend([hand.lon, hand.lat]);
    if (self) bounds.extend([self.lon, self.lat]);
    map.fitBounds(bounds, { padding: 64, maxZoom: 16, duration: 0 });
  }, [map, hands, self, center.lat, center.lon]);

  useMarkers(map, zoom, props, select);

  return (
    <div
      role="region"
      aria-label={texts.map}
      style={{ position: 'relative', flex: 1, minHeight: 320 }}
    >
      <div
        ref={container}
        data-testid="people-map"
        style={{ position: 'absolute', inset: 0, borderRadius: 12, overflow: 'hidden' }}
      />
      {offline ? <OfflineNote text={texts.offline} /> : null}
    </div>
  );
}
