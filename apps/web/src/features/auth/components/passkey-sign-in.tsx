import { useState } from 'react';
import Button from '@mui/material/Button';
import KeyIcon from '@mui/icons-material/Key';
import type { AuthResponse } from '@meeet/core/api/user';
import { useTranslation } from '../../../i18n/react.ts';
import { failureMessage } from '../../../components/form/server-errors.ts';
import { passkeysSupported, signInWithPasskey } from '../../../lib/passkeys.ts';
import { NS } from '../i18n.ts';

/** The login page's second path: a passkey the browser offers, no password. */
export function PasskeySignIn({
  onSignedIn,
  onFailure,
}: {
  onSignedIn: (auth: AuthResponse) => void;
  onFailure: (message: string) => void;
}) {
  const { t } = useTranslation([NS, 'core']);
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;

  const onClick = async () => {
    setBusy(true);
    try {
      const result = await signInWithPasskey();
      if (result.ok) onSignedIn(result.data);
      else onFailure(failureMessage(result, t('login.passkey-failed')));
    } catch {
      onFailure(t('login.passkey-failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      fullWidth
      startIcon={<KeyIcon />}
      onClick={() => void onClick()}
      disabled={busy}
      data-testid="login-passkey"
    >
      {t('login.passkey')}
    </Button>
  );
}
