import type { ReactNode } from 'react';
import {
  ActivityIndicator,
  Pressable,
  ScrollView,
  StyleSheet,
  Text,
  TextInput,
  View,
  type TextInputProps,
} from 'react-native';
import { useI18n } from '../lib/i18n.ts';

// The app's few building blocks, in the web app's dark theme (spec §9: near-black background,
// bright blue primary, dark grey surface, flat tonal cards, buttons without text transform).
export const colors = {
  background: '#0b0b0f',
  surface: '#1b1d24',
  surfaceHigh: '#262935',
  primary: '#1f6bff',
  text: '#ffffff',
  muted: '#a4abbd',
  error: '#ff6b6b',
  warning: '#ffb74d',
  success: '#4cd98a',
} as const;

export function Screen({
  title,
  children,
  scroll = true,
}: {
  title?: string;
  children: ReactNode;
  scroll?: boolean;
}) {
  const body = (
    <>
      {title ? (
        <Text accessibilityRole="header" style={styles.title}>
          {title}
        </Text>
      ) : null}
      {children}
    </>
  );
  return scroll ? (
    <ScrollView style={styles.screen} contentContainerStyle={styles.content}>
      {body}
    </ScrollView>
  ) : (
    <View style={[styles.screen, styles.content, styles.fill]}>{body}</View>
  );
}

export function Button({
  label,
  onPress,
  disabled,
  variant = 'primary',
  accessibilityLabel,
}: {
  label: string;
  onPress: () => void;
  disabled?: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
  accessibilityLabel?: string;
}) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={accessibilityLabel ?? label}
      accessibilityState={{ disabled: !!disabled }}
      disabled={disabled}
      onPress={onPress}
      style={[
        styles.button,
        variant === 'secondary' && styles.buttonSecondary,
        variant === 'danger' && styles.buttonDanger,
        disabled && styles.disabled,
      ]}
    >
      <Text style={styles.buttonText}>{label}</Text>
    </Pressable>
  );
}

export function Chip({
  label,
  selected,
  onPress,
}: {
  label: string;
  selected: boolean;
  onPress: () => void;
}) {
  return (
    <Pressable
      accessibilityRole="checkbox"
      accessibilityLabel={label}
      accessibilityState={{ checked: selected }}
      aria-checked={selected}
      onPress={onPress}
      style={[styles.chip, selected && styles.chipSelected]}
    >
      <Text style={styles.chipText}>{label}</Text>
    </Pressable>
  );
}

export function Field({
  label,
  error,
  ...input
}: { label: string; error?: string | null } & TextInputProps) {
  return (
    <View style={styles.field}>
      <Text style={styles.label}>{label}</Text>
      <TextInput
        accessibilityLabel={label}
        placeholderTextColor={colors.muted}
        style={[styles.input, error ? styles.inputError : null]}
        {...input}
      />
      {error ? <Text style={styles.fieldError}>{error}</Text> : null}
    </View>
  );
}

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <View
      style={styles.center}
      accessibilityRole="progressbar"
      accessibilityLabel={label ?? t('m.common.loading')}
    >
      <ActivityIndicator color={colors.primary} />
      <Text style={styles.muted}>{label ?? t('m.common.loading')}</Text>
    </View>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <View style={styles.center}>
      <Text style={styles.muted}>{text}</Text>
    </View>
  );
}

export function ErrorBox({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <View style={styles.errorBox} accessibilityRole="alert">
      <Text style={styles.errorText}>{message}</Text>
      {onRetry ? (
        <Button label={t('m.common.retry')} onPress={onRetry} variant="secondary" />
      ) : null}
    </View>
  );
}

export function Notice({ text, tone = 'info' }: { text: string; tone?: 'info' | 'warning' }) {
  return (
    <View
      style={[styles.notice, tone === 'warning' && styles.noticeWarning]}
      accessibilityRole="alert"
    >
      <Text style={styles.text}>{text}</Text>
    </View>
  );
}

export function Card({ children }: { children: ReactNode }) {
  return <View style={styles.card}>{children}</View>;
}

export const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.background },
  fill: { flex: 1 },
  content: { padding: 16, gap: 12 },
  title: { color: colors.text, fontSize: 24, fontWeight: '700', marginBottom: 4 },
  text: { color: colors.text, fontSize: 15 },
  muted: { color: colors.muted, fontSize: 14 },
  button: {
    backgroundColor: colors.primary,
    borderRadius: 10,
    paddingVertical: 12,
    paddingHorizontal: 16,
    alignItems: 'center',
  },
  buttonSecondary: { backgroundColor: colors.surfaceHigh },
  buttonDanger: { backgroundColor: '#8a2430' },
  buttonText: { color: colors.text, fontSize: 16, fontWeight: '600' },
  disabled: { opacity: 0.5 },
  chip: {
    borderRadius: 16,
    paddingVertical: 6,
    paddingHorizontal: 12,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.surfaceHigh,
  },
  chipSelected: { backgroundColor: colors.primary, borderColor: colors.primary },
  chipText: { color: colors.text, fontSize: 14 },
  field: { gap: 4 },
  label: { color: colors.muted, fontSize: 13 },
  input: {
    backgroundColor: colors.surfaceHigh,
    borderWidth: 1,
    borderColor: '#353a4a',
    color: colors.text,
    borderRadius: 8,
    paddingHorizontal: 12,
    paddingVertical: 10,
    fontSize: 16,
  },
  inputError: { borderWidth: 1, borderColor: colors.error },
  fieldError: { color: colors.error, fontSize: 13 },
  center: { alignItems: 'center', justifyContent: 'center', padding: 24, gap: 8 },
  errorBox: { backgroundColor: '#3a1d22', borderRadius: 10, padding: 12, gap: 8 },
  errorText: { color: colors.error, fontSize: 15 },
  notice: { backgroundColor: colors.surface, borderRadius: 10, padding: 12 },
  noticeWarning: { backgroundColor: '#3d2f12', borderColor: colors.warning, borderWidth: 1 },
  card: { backgroundColor: colors.surface, borderRadius: 12, padding: 12, gap: 6 },
  row: { flexDirection: 'row', alignItems: 'center', gap: 8, flexWrap: 'wrap' },
});
