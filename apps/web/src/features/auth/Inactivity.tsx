/**
 * Signs a person out after 30 minutes without activity (SPEC section 9), with the "Session Expired"
 * toast. While they are active the server session is kept alive with an occasional /api/me (the
 * server ends sessions 30 minutes after their last request on its own as well).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { INACTIVITY_LOGOUT_MS, texts } from '@gigreel/core';
import { clearClientState, signOut, useViewer, viewerKey } from './session.ts';

const KEEP_ALIVE_MS = 5 * 60_000;
// Only what a person does: the feed scrolls itself when it auto-advances, so scroll is not activity.
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export function InactivityLogout() {
  const { viewer } = useViewer();
  const client = useQueryClient();
  const signedIn = viewer !== null;
  useEffect(() => {
    if (!signedIn) return;
    let timer = 0;
    let lastPing = Date.now();
    const expire = async () => {
      try {
        await signOut();
      } catch {
        // the server session may have ended already; clearing the client is what matters here
      }
      await clearClientState(client);
      toast.error(texts.auth.sessionExpired, { description: texts.auth.sessionExpiredBody });
    };
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void expire(), INACTIVITY_LOGOUT_MS);
      if (Date.now() - lastPing > KEEP_ALIVE_MS) {
        lastPing = Date.now();
        void client.invalidateQueries({ queryKey: viewerKey });
      }
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, reset, { passive: true, capture: true });
    reset();
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, reset, { capture: true });
    };
  }, [signedIn, client]);
  return null;
}
