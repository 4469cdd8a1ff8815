import { useEffect, useState } from 'react';
import {
  meetingsPaths,
  proximityTokensResponseSchema,
  type ProximityTokensResponse,
} from '@meeet/core/api/meetings';
import { api } from '../../lib/api.ts';
import { proximityRadio, type HeardToken } from '../../lib/proximity';

export function currentToken(tokens: ProximityTokensResponse | null, now = Date.now()) {
  return tokens?.tokens.find((token) => token.from <= now && now < token.until) ?? null;
}

/**
 * Bluetooth on the phone: fetch the rotating tokens, broadcast the current one, hear others.
 * `available` is false on the web build and with Bluetooth off: the screen offers the code.
 */
export function useProximity() {
  const [available, setAvailable] = useState(false);
  const [tokens, setTokens] = useState<ProximityTokensResponse | null>(null);
  const [nearest, setNearest] = useState<HeardToken | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    async function refresh() {
      const result = await api.post(
        meetingsPaths.proximityTokens,
        {},
        proximityTokensResponseSchema,
      );
      if (cancelled || !result.ok) return;
      setTokens(result.data);
      const own = currentToken(result.data);
      if (own) await proximityRadio.startAdvertising(own.token);
      const next = own ? own.until - Date.now() : result.data.rotateSeconds * 1000;
      timer = setTimeout(() => void refresh(), Math.max(5_000, next));
    }
    void (async () => {
      const on = await proximityRadio.available();
      if (cancelled || !on) return;
      setAvailable(true);
      await refresh();
      await proximityRadio.startScanning((heard) =>
        setNearest((previous) =>
          !previous || heard.rssi > previous.rssi || Date.now() - previous.at > 10_000
            ? heard
            : previous,
        ),
      );
    })();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      proximityRadio.stopScanning();
      void proximityRadio.stopAdvertising();
    };
  }, []);

  return { available, tokens, nearest };
}
