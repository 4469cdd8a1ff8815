import { useEffect, useState } from 'react';
import { Text, View } from 'react-native';
import type { HandshakeCodeResponse } from '@meeet/core/api/meetings';
import { useI18n } from '../../lib/i18n.ts';
import { styles } from '../../components/ui.tsx';
import { HandshakeQr } from './handshake-qr.tsx';

/**
 * The code and QR on offer to the partner, with the seconds until a new one replaces it. Keyed by
 * the code where it is shown, so a new code starts a fresh countdown.
 */
export function CodeOffer({ code }: { code: HandshakeCodeResponse }) {
  const { t } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <View style={{ gap: 4 }}>
      <HandshakeQr value={code.qr} label={t('m.meetings.qr-label')} />
      <Text style={[styles.text, { fontSize: 24, fontWeight: '700', letterSpacing: 4 }]}>
        {t('m.meetings.your-code', { code: code.code })}
      </Text>
      <Text style={styles.muted}>
        {t('m.meetings.code-hint', {
          seconds: Math.max(0, Math.round((code.rotateAt - now) / 1000)),
        })}
      </Text>
    </View>
  );
}
