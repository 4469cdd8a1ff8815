import Constants from 'expo-constants';
import { Platform } from 'react-native';

interface Extra {
  apiUrl?: string;
  mapStyleUrl?: string;
  webAppUrl?: string;
}

function extra(): Extra {
  return (Constants.expoConfig?.extra ?? {}) as Extra;
}

/** Where the server is: the page's own origin on the web, the configured host on the phone. */
export function apiOrigin(): string {
  if (Platform.OS === 'web' && typeof window !== 'undefined') return window.location.origin;
  return (extra().apiUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
}

/** The web app (deposits and purchases happen there). */
export function webAppUrl(): string {
  if (Platform.OS === 'web' && typeof window !== 'undefined') return window.location.origin;
  return (extra().webAppUrl ?? apiOrigin()).replace(/\/+$/, '');
}

/** The web map's MapLibre style URL (app.config.ts); empty → a plain dark background. */
export function mapStyleUrl(): string {
  return extra().mapStyleUrl ?? '';
}
