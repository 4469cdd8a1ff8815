import { useState } from 'react';
import { Text } from 'react-native';
import { useI18n } from '../../lib/i18n.ts';
import { Button, Card, Field, styles } from '../../components/ui.tsx';
import { CodeOffer } from './code-offer.tsx';
import { QrScanner } from './qr-scanner.tsx';
import type { MeetingExchange } from './use-meeting-exchange.ts';
import type { useProximity } from './use-proximity.ts';

/** The ways to propose a meeting: Bluetooth with the nearest phone, a code or QR shown, scanned or typed. */
export function ExchangeCard({
  exchange,
  proximity,
}: {
  exchange: MeetingExchange;
  proximity: ReturnType<typeof useProximity>;
}) {
  const { t } = useI18n();
  const [partnerCode, setPartnerCode] = useState('');
  return (
    <Card>
      {proximity.available ? (
        proximity.nearest ? (
          <Button
            label={t('m.meetings.start-ble')}
            onPress={() => void exchange.sendBluetooth(proximity)}
          />
        ) : (
          <Text style={styles.muted}>{t('m.meetings.ble-searching')}</Text>
        )
      ) : (
        <Text style={styles.muted}>{t('m.ble.off')}</Text>
      )}
      {exchange.code ? <CodeOffer key={exchange.code.rotateAt} code={exchange.code} /> : null}
      <Button
        label={t('m.meetings.show-code')}
        onPress={() => void exchange.showCode()}
        variant="secondary"
      />
      {exchange.scanning ? (
        <QrScanner
          onScanned={(payload) => {
            exchange.setScanning(false);
            void exchange.sendCode({ method: 'qr', payload });
          }}
          onClose={() => exchange.setScanning(false)}
        />
      ) : (
        <Button label={t('m.meetings.scan-qr')} onPress={() => exchange.setScanning(true)} />
      )}
      <Field
        label={t('m.meetings.partner-code')}
        value={partnerCode}
        onChangeText={setPartnerCode}
        keyboardType="number-pad"
        maxLength={6}
      />
      <Button
        label={t('m.meetings.send-code')}
        onPress={() =>
          void exchange
            .sendCode({ method: 'code', code: partnerCode.trim() })
            .then((taken) => taken && setPartnerCode(''))
        }
        disabled={partnerCode.trim().length === 0}
      />
    </Card>
  );
}
