/** React side of the shared live stream: mount anywhere; only one connection per tab is opened. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useViewer } from '../auth/index.ts';
import { acquireLive, liveStatus, subscribeLiveStatus, type LiveStatus } from './live.ts';

export function useLiveUpdates(): LiveStatus {
  const client = useQueryClient();
  const { viewer } = useViewer();
  const userId = viewer?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    return acquireLive(client, userId);
  }, [client, userId]);
  return useSyncExternalStore(subscribeLiveStatus, liveStatus, liveStatus);
}
