import { useEffect, useState } from 'react';
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import {
  meetingsPaths,
  proximityTokensResponseSchema,
  type HandshakePhase,
  type ProximityTokensResponse,
} from '@meeet/core/api/meetings';
import { api } from '../../lib/api.ts';
import { proximityRadio, type HeardToken } from '../../lib/proximity';

/** HMAC-SHA256(handshakeKey, `${phase}:${ownToken}:${partnerToken}`), lower-case hex (meetings.ts). */
export function handshakeProof(
  key: string,
  phase: HandshakePhase,
  ownToken: string,
  partnerToken: string,
): string {
  const keyBytes = Uint8Array.from(key.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  return bytesToHex(hmac(sha256, keyBytes, utf8ToBytes(`${phase}:${ownToken}:${partnerToken}`)));
}

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
