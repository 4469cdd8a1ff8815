import { useMemo } from 'react';
import { View } from 'react-native';
import { create } from 'qrcode';

/** The quiet zone around the symbol, in modules (the QR standard asks for four). */
const QUIET = 4;

/**
 * The dark runs of each row of the QR symbol of `text`: one view per run rather than per
 * module, drawn with plain views so the same code renders on the phone and in the web build.
 */
export function qrRows(text: string): { size: number; runs: [number, number][][] } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const runs: [number, number][][] = [];
  for (let row = 0; row < modules.size; row++) {
    const line: [number, number][] = [];
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        line.push([start, col - start]);
        start = -1;
      }
    }
    runs.push(line);
  }
  return { size: modules.size, runs };
}

/** The handshake QR the partner's camera scans: black on white, whatever the app's theme. */
export function HandshakeQr({
  value,
  label,
  width = 240,
}: {
  value: string;
  label: string;
  width?: number;
}) {
  const { size, runs } = useMemo(() => qrRows(value), [value]);
  const cell = Math.floor(width / (size + 2 * QUIET));
  const side = cell * (size + 2 * QUIET);
  return (
    <View
      accessible
      accessibilityRole="image"
      accessibilityLabel={label}
      testID="handshake-qr"
      style={{
        width: side,
        height: side,
        backgroundColor: '#ffffff',
        padding: cell * QUIET,
        alignSelf: 'center',
      }}
    >
      {runs.map((line, row) => (
        <View key={row} style={{ height: cell, flexDirection: 'row' }}>
          {line.map(([start, length], i) => (
            <View
              key={i}
              style={{
                position: 'absolute',
                left: start * cell,
                width: length * cell,
                height: cell,
                backgroundColor: '#000000',
              }}
            />
          ))}
        </View>
      ))}
    </View>
  );
}
