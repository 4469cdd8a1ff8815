import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appleStatusResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { Button, Chip } from '../../components/ui.tsx';
import { finishAppleRegistration, signInWithApple } from './apple.ts';

/**
 * Sign in with Apple, where the server has it on: an Apple ID with an account signs in at once;
 * a new one accepts the terms first, then joins. A failure goes to the screen's error box.
 */
export function AppleSignIn({ onFailure }: { onFailure: (message: string | null) => void }) {
  const { t } = useI18n();
  const [ticket, setTicket] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const enabled = useQuery({
    queryKey: ['apple-status'],
    queryFn: async () => {
      const result = await api.get(userPaths.appleStatus, undefined, appleStatusResponseSchema);
      return result.ok ? result.data.enabled : false;
    },
  });

  async function start() {
    onFailure(null);
    const outcome = await signInWithApple();
    if (outcome?.kind === 'error') onFailure(outcome.error);
    if (outcome?.kind === 'ticket') setTicket(outcome.ticket);
  }

  async function finish(newTicket: string) {
    const error = await finishAppleRegistration(newTicket);
    if (error) onFailure(error);
  }

  if (!ticket)
    return enabled.data ? (
      <Button label={t('m.auth.apple')} onPress={() => void start()} variant="secondary" />
    ) : null;
  return (
    <>
      <Chip
        label={t('m.auth.accept-terms')}
        selected={accepted}
        onPress={() => setAccepted(!accepted)}
      />
      <Button
        label={t('m.auth.register.submit')}
        disabled={!accepted}
        onPress={() => void finish(ticket)}
      />
    </>
  );
}
