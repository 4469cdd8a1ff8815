import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  monitorHistorySchema,
  monitorPaths,
  monitorSnapshotSchema,
  type MonitorRange,
  type MonitorSnapshot,
} from '@meeet/core/api/monitor';
import { api } from '../../../lib/api-client.ts';
import { off, on } from '../../../lib/socket.ts';

export const monitorKey = ['control', 'monitor'] as const;

/** GET /monitor: the figures now (later ones arrive over the socket). */
export async function getMonitor() {
  const result = await api.get(monitorPaths.snapshot, undefined, monitorSnapshotSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/**
 * The live monitor: read once, then replaced by every `monitor` push of the shell's socket.
 * The push is the whole snapshot the GET answers, so it is the query's data as it stands.
 */
export function useLiveMonitor() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const receive = (snapshot: MonitorSnapshot) => queryClient.setQueryData(monitorKey, snapshot);
    on('monitor', receive);
    return () => off('monitor', receive);
  }, [queryClient]);
  return useQuery({ queryKey: monitorKey, queryFn: getMonitor });
}

/** GET /monitor/history: the chart points of the last 24 hours or 7 days. */
export async function getMonitorHistory(range: MonitorRange) {
  const result = await api.get(monitorPaths.history, { range }, monitorHistorySchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

const MINUTE = 60_000;

export function useMonitorHistory(range: MonitorRange) {
  return useQuery({
    queryKey: [...monitorKey, 'history', range],
    queryFn: () => getMonitorHistory(range),
    refetchInterval: 5 * MINUTE,
  });
}
