import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  handshakeCodeResponseSchema,
  handshakeResponseSchema,
  meetingsPaths,
  type HandshakeCodeResponse,
  type HandshakePhase,
  type HandshakeRequest,
  type Meeting,
  type MeetingProgress,
} from '@meeet/core/api/meetings';
import type { MeetingRefused } from '@meeet/core/api/realtime';
import { handshakeProof } from '@meeet/core/rules/handshake-proof';
import { api } from '../../lib/api.ts';
import { on } from '../../lib/socket.ts';
import { cannotMintReasons, meetingsListKey, meetingsStatusKey } from './meetings-api.ts';
import { useMeetingPings } from './use-meeting-pings.ts';
import { currentToken, type useProximity } from './use-proximity.ts';

/** Why a proposed meeting could not start: its reasons, and with whom when the server says. */
export type Refusal = Pick<MeetingRefused, 'reasons'> & { partner?: MeetingRefused['partner'] };

/** The status and history queries, asked again after the exchange changed either. */
function useRefreshMeetings() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: meetingsStatusKey });
    void client.invalidateQueries({ queryKey: meetingsListKey });
  }, [client]);
}

/** A Bluetooth handshake with the nearest phone, proving both tokens; null until one is heard. */
function bluetoothRequest(
  proximity: ReturnType<typeof useProximity>,
  phase: HandshakePhase,
): HandshakeRequest | null {
  const own = currentToken(proximity.tokens);
  if (!own || !proximity.tokens || !proximity.nearest) return null;
  const partnerToken = proximity.nearest.token;
  const proof = handshakeProof(proximity.tokens.handshakeKey, phase, own.token, partnerToken);
  return { method: 'ble', phase, partnerToken, proof };
}

/** What the socket changes of the exchange's state. */
interface ExchangeSetters {
  setCode(code: null): void;
  setRefusal(refusal: Refusal | null): void;
  setScanning(scanning: false): void;
  setProgress(progress: MeetingProgress | null): void;
  setResult(result: Meeting | null): void;
}

/** Keeps the exchange current from the socket (a start, a refusal, live minutes, an end). */
function followExchange(set: ExchangeSetters, refresh: () => void): () => void {
  const offStarted = on('meeting:started', () => {
    set.setCode(null);
    set.setResult(null);
    set.setRefusal(null);
    refresh();
  });
  // The partner's phone proposed a meeting that could never mint: shown here at once.
  const offRefused = on('meeting:refused', (payload) => {
    set.setCode(null);
    set.setScanning(false);
    set.setRefusal(payload);
  });
  const offProgress = on('meeting:progress', (next) => set.setProgress(next));
  const offUpdated = on('meeting:updated', (meeting) => {
    if (meeting.status !== 'active') {
      set.setCode(null);
      set.setProgress(null);
      set.setResult(meeting);
    }
    refresh();
  });
  return () => {
    offStarted();
    offRefused();
    offProgress();
    offUpdated();
  };
}

/**
 * The meeting exchange as the screen shows it: the code on offer (rotated when the server says),
 * the last refusal or failure, the outcome of the meeting that just ended and its live minutes,
 * kept current from the socket; and the three ways to propose a meeting (a code, a QR, Bluetooth).
 */
export function useMeetingExchange(active: boolean) {
  const [code, setCode] = useState<HandshakeCodeResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [scanning, setScanning] = useState(false);
  const [progress, setProgress] = useState<MeetingProgress | null>(null);
  const [result, setResult] = useState<Meeting | null>(null);

  const refresh = useRefreshMeetings();

  useEffect(
    () => followExchange({ setCode, setRefusal, setScanning, setProgress, setResult }, refresh),
    [refresh],
  );

  // At `rotateAt` a new code and QR replace the one on offer (the old one dies).
  useEffect(() => {
    if (!code) return;
    const rotate = setTimeout(() => void showCode(), Math.max(0, code.rotateAt - Date.now()));
    return () => clearTimeout(rotate);
  }, [code]);

  useMeetingPings(active, setProgress);

  async function showCode() {
    setFailure(null);
    const answer = await api.post(meetingsPaths.handshakeCode, {}, handshakeCodeResponseSchema);
    if (!answer.ok) return setFailure(answer.error);
    setRefusal(null);
    setCode(answer.data);
  }

  /** Sends a handshake; a start that could never mint shows its reasons instead of an error. */
  async function handshake(body: HandshakeRequest): Promise<Meeting | null | undefined> {
    setFailure(null);
    const answer = await api.post(meetingsPaths.handshake, body, handshakeResponseSchema);
    if (!answer.ok) {
      const reasons = cannotMintReasons(answer);
      if (reasons) setRefusal({ reasons });
      else setFailure(answer.error);
      return undefined;
    }
    setRefusal(null);
    return answer.data.meeting;
  }

  /** A typed or scanned code; true once the server took it (the typed field may be cleared). */
  async function sendCode(body: HandshakeRequest): Promise<boolean> {
    const meeting = await handshake(body);
    if (meeting === undefined) return false;
    setCode(null);
    if (meeting && meeting.status !== 'active') setResult(meeting);
    refresh();
    return true;
  }

  /** Starts (or ends) the meeting with the nearest phone, proving the two tokens were heard. */
  async function sendBluetooth(proximity: ReturnType<typeof useProximity>) {
    const request = bluetoothRequest(proximity, active ? 'end' : 'start');
    if (!request) return;
    if ((await handshake(request)) !== undefined) refresh();
  }

  return {
    code,
    failure,
    refusal,
    result,
    progress,
    scanning,
    setScanning,
    showCode,
    sendCode,
    sendBluetooth,
  };
}

export type MeetingExchange = ReturnType<typeof useMeetingExchange>;
