import type { SessionClient } from '../api/security.ts';

/**
 * One line naming a session's device, the same in the sessions lists and the new-device mail:
 * "Chrome 130 · macOS 15", "MEEET app · iOS"; `words` in the reader's language.
 */
export function sessionLabel(
  session: { client: SessionClient; browser: string | null; os: string | null },
  words: { app: string; unknown: string },
): string {
  const what = session.client === 'app' ? words.app : (session.browser ?? words.unknown);
  return session.os ? `${what} · ${session.os}` : what;
}
