import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Pressable, Switch, Text, View } from 'react-native';
import { HAND_DOWN, type MapDiff, type MapHand } from '@meeet/core/api/realtime';
import type { Spot } from '@meeet/core/api/business';
import { Mood } from '@meeet/core/api/meet';
import { APP_WATCH_RADIUS_M } from '@meeet/core/rules/app-pace';
import { useI18n } from '../../lib/i18n.ts';
import { askForegroundPermission, watchFixes, type Fix } from '../../lib/location';
import { displayName, handLabel, moodText, rememberPeople } from '../../lib/people.ts';
import { emit, on, socketState } from '../../lib/socket.ts';
import { useStore } from '../../lib/store.ts';
import { ghostPreference, setGhostPreference } from '../../lib/ghost.ts';
import { PeopleMap } from '../../components/people-map';
import { MapLegend } from '../../components/map-legend.tsx';
import { HouseAd } from '../ads/house-ad.tsx';
import { apiOrigin } from '../../lib/config.ts';
import { handState } from './hand-state.ts';
import { createPositionSender } from './position-sender.ts';
import { spotLabel, useSpotPlaces } from './spots-layer.ts';
import {
  Button,
  Chip,
  Empty,
  ErrorBox,
  Loading,
  Notice,
  Screen,
  styles,
} from '../../components/ui.tsx';

const MOODS = [Mood.ROMANTIC, Mood.BUSINESS, Mood.JUST_CHAT] as const;
const POSITION_GAP_MS = 1_100;

export function applyDiff(hands: readonly MapHand[], diff: MapDiff): MapHand[] {
  const gone = new Set([...diff.left, ...diff.upsert.map((hand) => hand.userId)]);
  const kept = hands.filter((hand) => !gone.has(hand.userId));
  // The server sorts by ring of cells; keep that order (never by exact distance).
  return [...kept, ...diff.upsert].sort((a, b) => a.ring - b.ring);
}

/** A person's photo on the map, from the server that serves it (relative on the web build). */
function photoOf(hand: MapHand): string | null {
  return hand.avatar ? `${apiOrigin()}${hand.avatar}` : null;
}

export function MapScreen({ onOpenPerson }: { onOpenPerson: (userId: number) => void }) {
  const { t } = useI18n();
  const { connected } = useStore(socketState);
  const ghostWanted = useStore(ghostPreference);
  const [permission, setPermission] = useState<'asking' | 'granted' | 'denied'>('asking');
  const [self, setSelf] = useState<Fix | null>(null);
  const [hands, setHands] = useState<MapHand[]>([]);
  const [watch, setWatch] = useState<'loading' | 'ready' | 'error'>('loading');
  const hand = useStore(handState);
  const setHand = handState.set;
  const [mood, setMood] = useState<Mood>(Mood.JUST_CHAT);
  const [filter, setFilter] = useState<Mood[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const raised = useRef(false);
  const lastFix = useRef<Fix | null>(null);
  // The watched area's centre: the first fix (the area reaches a walk's distance around it).
  const [centre, setCentre] = useState<{ lat: number; lon: number } | null>(null);

  const positions = useMemo(
    () =>
      createPositionSender({
        send: (fix) => emit('position', fix, { unlessOffline: true }),
        isConnected: () => socketState.get().connected,
        onRefused: (answer) => setFailure(answer.message),
        gapMs: POSITION_GAP_MS,
      }),
    [],
  );
  const sendPosition = useCallback(
    (fix: Fix) => {
      if (raised.current) positions.offer(fix);
    },
    [positions],
  );
  useEffect(() => {
    const restored = hand.raised && !raised.current;
    raised.current = hand.raised;
    // A hand the server says is up (`hand:state` after a restart) gets the fix the phone has;
    // a raise here sends its own after the ghost is set.
    if (restored && lastFix.current) positions.offer(lastFix.current);
  }, [hand.raised, positions]);
  useEffect(() => {
    if (connected) positions.resume();
  }, [connected, positions]);
  useEffect(() => {
    if (!hand.raised) positions.clear();
  }, [hand.raised, positions]);
  useEffect(() => () => positions.clear(), [positions]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      const answer = await askForegroundPermission();
      if (cancelled) return;
      setPermission(answer);
      if (answer !== 'granted') return;
      stop = await watchFixes((fix) => {
        lastFix.current = fix;
        setSelf(fix);
        setCentre((previous) => previous ?? { lat: fix.lat, lon: fix.lon });
        sendPosition(fix);
      });
      if (cancelled) stop();
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [sendPosition]);

  useEffect(() => {
    if (!centre) return;
    const { lat, lon } = centre;
    let current = true;
    void emit('map:watch', {
      lat,
      lon,
      radiusM: APP_WATCH_RADIUS_M,
      ...(filter.length > 0 ? { moods: filter } : {}),
    }).then((answer) => {
      if (!current) return;
      if (!answer.ok) {
        setWatch('error');
        return setFailure(answer.message);
      }
      rememberPeople(answer.hands);
      setHands([...answer.hands].sort((a, b) => a.ring - b.ring));
      setWatch('ready');
    });
    return () => {
      current = false;
    };
    // Watch again when the filter changes or the socket reconnects (a new socket has no watch).
  }, [centre, filter, connected]);

  useEffect(() => {
    const offDiff = on('map:diff', (diff) => {
      rememberPeople(diff.upsert);
      setHands((previous) => applyDiff(previous, diff));
    });
    return offDiff;
  }, []);

  async function raise() {
    setFailure(null);
    const answer = await emit('hand:raise', { mood });
    if (!answer.ok) return setFailure(answer.message);
    setHand(answer.hand);
    raised.current = true;
    if (ghostWanted && !answer.hand.ghost) {
      const ghost = await emit('hand:ghost', { ghost: true });
      if (ghost.ok) setHand(ghost.hand);
    }
    if (self) sendPosition(self);
  }

  async function lower() {
    setFailure(null);
    const answer = await emit('hand:lower', {});
    if (!answer.ok) return setFailure(answer.message);
    setHand(HAND_DOWN);
  }

  async function toggleGhost(ghost: boolean) {
    await setGhostPreference(ghost);
    if (!hand.raised) return;
    const answer = await emit('hand:ghost', { ghost });
    if (answer.ok) setHand(answer.hand);
    else setFailure(answer.message);
  }

  function toggleFilter(value: Mood) {
    setWatch('loading');
    setFilter((previous) =>
      previous.includes(value) ? previous.filter((m) => m !== value) : [...previous, value],
    );
  }

  const labelOf = useCallback((h: MapHand) => handLabel(t, h), [t]);
  const mapTexts = useMemo(
    () => ({
      map: t('m.map.region'),
      you: t('m.map.you'),
      crowd: (count: number) => t('m.map.crowd', { count }),
      offline: t('m.map.offline'),
    }),
    [t],
  );
  const spotLabelOf = useCallback((spot: Spot) => spotLabel(t, spot), [t]);
  const spotPlaces = useSpotPlaces(centre, spotLabelOf);
  const selfPoint = useMemo(() => (self ? { lat: self.lat, lon: self.lon } : null), [self]);

  if (permission === 'denied') {
    return (
      <Screen title={t('m.map.title')}>
        <ErrorBox message={t('m.map.location-denied')} />
      </Screen>
    );
  }

  return (
    <Screen title={t('m.map.title')}>
      {!connected ? <Notice text={t('m.common.offline')} /> : null}
      {hand.raised && hand.mood ? (
        <Notice text={t('m.map.hand-up', { mood: moodText(t, hand.mood) })} />
      ) : (
        <Text style={styles.muted}>{t('m.map.hand-down')}</Text>
      )}
      {hand.raised && hand.ghost ? <Notice text={t('m.map.ghost-on')} /> : null}
      <Text style={styles.label}>{t('m.map.choose-mood')}</Text>
      <View style={styles.row} accessibilityRole="radiogroup">
        {MOODS.map((value) => (
          <Pressable
            key={value}
            accessibilityRole="radio"
            accessibilityState={{ checked: mood === value }}
            aria-checked={mood === value}
            onPress={() => setMood(value)}
            style={[chipStyle.chip, mood === value && chipStyle.selected]}
          >
            <Text style={styles.chipText}>{moodText(t, value)}</Text>
          </Pressable>
        ))}
      </View>
      <View style={styles.row}>
        <View style={{ flex: 1 }}>
          <Button label={t('m.map.raise')} onPress={() => void raise()} />
        </View>
        {hand.raised ? (
          <View style={{ flex: 1 }}>
            <Button label={t('m.map.lower')} onPress={() => void lower()} variant="secondary" />
          </View>
        ) : null}
      </View>
      <View style={[styles.row, { justifyContent: 'space-between' }]}>
        <Text style={styles.text}>{t('m.map.ghost')}</Text>
        <Switch
          accessibilityLabel={t('m.map.ghost')}
          value={ghostWanted}
          onValueChange={(value) => void toggleGhost(value)}
        />
      </View>
      {failure ? <ErrorBox message={failure} /> : null}
      <Text style={styles.label}>{t('m.map.filter')}</Text>
      <View style={styles.row}>
        {MOODS.map((value) => (
          <Chip
            key={value}
            label={moodText(t, value)}
            selected={filter.includes(value)}
            onPress={() => toggleFilter(value)}
          />
        ))}
      </View>
      {self ? (
        <View style={{ height: 360 }}>
          <PeopleMap
            center={centre ?? self}
            self={selfPoint}
            hands={hands}
            texts={mapTexts}
            labelOf={labelOf}
            nameOf={displayName}
            photoOf={photoOf}
            onSelect={onOpenPerson}
            places={spotPlaces}
          />
        </View>
      ) : (
        <Loading label={t('m.map.locating')} />
      )}
      {self ? <MapLegend /> : null}
      {self && watch === 'loading' ? <Loading /> : null}
      {watch === 'ready' && hands.length === 0 ? <Empty text={t('m.map.empty')} /> : null}
      {hands.length > 0 ? (
        <View
          accessibilityRole="list"
          accessibilityLabel={t('m.map.people-list')}
          style={{ gap: 8 }}
        >
          {hands.map((h) => (
            <Pressable
              key={h.userId}
              accessibilityRole="button"
              accessibilityLabel={labelOf(h)}
              onPress={() => onOpenPerson(h.userId)}
              style={chipStyle.person}
            >
              <Text style={styles.text}>{labelOf(h)}</Text>
            </Pressable>
          ))}
        </View>
      ) : null}
      <HouseAd />
    </Screen>
  );
}

const chipStyle = {
  chip: styles.chip,
  selected: styles.chipSelected,
  person: { backgroundColor: '#1b1d24', borderRadius: 10, padding: 12 },
} as const;
