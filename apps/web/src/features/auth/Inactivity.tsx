/**
 * Signs a person out after 30 minutes without activity (SPEC section 9), with the "Session Expired"
 * toast. While they are active the server session is kept alive with an occasional /api/me.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { INACTIVITY_LOGOUT_MS, texts } from '@gigreel/core';
import { signOut, useViewer, viewerKey } from './session.ts';

const KEEP_ALIVE_MS = 5 * 60_000;

export function InactivityLogout() {
  const { viewer } = useViewer();
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!viewer) return;
    let timer = 0;
    let lastPing = Date.now();
    const expire = async () => {
      try {
        await signOut();
      } catch {
        // the server session has already ended; clearing the client is what matters here
      }
      client.clear();
      await client.invalidateQueries({ queryKey: viewerKey });
      toast.error(texts.auth.sessionExpired, { description: texts.auth.sessionExpiredBody });
      navigate('/', { replace: true });
    };
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void expire(), INACTIVITY_LOGOUT_MS);
      if (Date.now() - lastPing > KEEP_ALIVE_MS) {
        lastPing = Date.now();
        void client.invalidateQueries({ queryKey: viewerKey });
      }
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
    for (const event of events) window.addEventListener(event, reset, { passive: true });
    reset();
    return () => {
      window.clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, reset);
    };
  }, [viewer, client, navigate]);
  return null;
}
