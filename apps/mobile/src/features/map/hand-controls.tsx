import { useState } from 'react';
import { Pressable, Switch, Text, View } from 'react-native';
import { HAND_DOWN } from '@meeet/core/api/realtime';
import { Mood } from '@meeet/core/api/meet';
import { useI18n } from '../../lib/i18n.ts';
import { moodText } from '../../lib/people.ts';
import { emit } from '../../lib/socket.ts';
import { useStore } from '../../lib/store.ts';
import { ghostPreference, setGhostPreference } from '../../lib/ghost.ts';
import { Button, Notice, styles } from '../../components/ui.tsx';
import { handState } from './hand-state.ts';

export const MOODS = [Mood.ROMANTIC, Mood.BUSINESS, Mood.JUST_CHAT] as const;

interface HandControlsProps {
  /** The server took the raise: the screen sends the phone's position from now on. */
  onRaised: () => void;
  /** A refusal to show (null clears the last one). */
  onFailure: (message: string | null) => void;
}

/** The raised hand: its state, the mood to raise it with, raise and lower, and ghost mode. */
export function HandControls({ onRaised, onFailure }: HandControlsProps) {
  const { t } = useI18n();
  const hand = useStore(handState);
  const ghostWanted = useStore(ghostPreference);
  const [mood, setMood] = useState<Mood>(Mood.JUST_CHAT);

  async function raise() {
    onFailure(null);
    const answer = await emit('hand:raise', { mood });
    if (!answer.ok) return onFailure(answer.message);
    handState.set(answer.hand);
    if (ghostWanted && !answer.hand.ghost) {
      const ghost = await emit('hand:ghost', { ghost: true });
      if (ghost.ok) handState.set(ghost.hand);
    }
    onRaised();
  }

  async function lower() {
    onFailure(null);
    const answer = await emit('hand:lower', {});
    if (!answer.ok) return onFailure(answer.message);
    handState.set(HAND_DOWN);
  }

  async function toggleGhost(ghost: boolean) {
    await setGhostPreference(ghost);
    if (!hand.raised) return;
    const answer = await emit('hand:ghost', { ghost });
    if (answer.ok) handState.set(answer.hand);
    else onFailure(answer.message);
  }

  return (
    <>
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
            style={[styles.chip, mood === value && styles.chipSelected]}
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
    </>
  );
}
