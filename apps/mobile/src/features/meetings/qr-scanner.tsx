import { useRef } from 'react';
import { Text, View } from 'react-native';
import { CameraView, useCameraPermissions } from 'expo-camera';
import { useI18n } from '../../lib/i18n.ts';
import { Button, styles } from '../../components/ui.tsx';

/**
 * The camera, reading the partner's handshake QR. Hands over the first QR it sees once; the
 * screen sends it. Without the camera permission it asks, and after a refusal it says that the
 * typed code still works.
 */
export function QrScanner({
  onScanned,
  onClose,
}: {
  onScanned: (payload: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [permission, requestPermission] = useCameraPermissions();
  const done = useRef(false);

  let body;
  if (!permission) body = null;
  else if (!permission.granted) {
    body = permission.canAskAgain ? (
      <View style={{ gap: 8 }}>
        <Text style={styles.muted}>{t('m.meetings.camera-ask')}</Text>
        <Button label={t('m.meetings.camera-allow')} onPress={() => void requestPermission()} />
      </View>
    ) : (
      <Text style={styles.muted}>{t('m.meetings.camera-denied')}</Text>
    );
  } else {
    body = (
      <View style={{ gap: 8 }}>
        <Text style={styles.muted}>{t('m.meetings.scan-hint')}</Text>
        <CameraView
          style={{ width: '100%', aspectRatio: 1 }}
          facing="back"
          barcodeScannerSettings={{ barcodeTypes: ['qr'] }}
          onBarcodeScanned={({ data }) => {
            if (done.current) return;
            done.current = true;
            onScanned(data);
          }}
        />
      </View>
    );
  }
  return (
    <View style={{ gap: 8 }}>
      {body}
      <Button label={t('m.meetings.scan-cancel')} onPress={onClose} variant="secondary" />
    </View>
  );
}
