/**
 * Push notifications on this device: whether the browser can, whether the person allowed it, and
 * whether this device is subscribed; turning it on (permission, then pushManager.subscribe with the
 * server's VAPID key, then the subscription to the server) and off (the server forgets the device,
 * then the browser drops the subscription). The service worker (public/sw.js) shows what arrives.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { pushTexts } from '@gigreel/core';
import { request } from '../../api/client.ts';

/** unsupported: no Push API here; denied: the person blocked notifications for the site. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

const pushKey = ['push', 'device'] as const;

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

/** The app's service worker: the one the production build registered, else registered now (development). */
async function worker(): Promise<ServiceWorkerRegistration> {
  const registered = await navigator.serviceWorker.getRegistration('/');
  if (!registered) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registered = await navigator.serviceWorker.getRegistration('/');
  return registered ? registered.pushManager.getSubscription() : null;
}

async function readState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

const keyBytes = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

async function turnOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') throw new Error(pushTexts.dismissed);
  const registration = await worker();
  const { publicKey } = await request('GET /api/push/key');
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await request('PUT /api/push/subscription', {
    body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
  });
  return 'on';
}

/** The server forgets this device, then the browser drops its subscription. */
export async function turnOffPushHere(): Promise<void> {
  if (!supported()) return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  await request('DELETE /api/push/subscription', { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

export function usePushState() {
  return useQuery({ queryKey: pushKey, queryFn: readState, staleTime: Infinity });
}

/** Turns push on or off for this device, saying what came of it. */
export function useSetPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean): Promise<PushState> => {
      if (!on) {
        await turnOffPushHere();
        return 'off';
      }
      return turnOn();
    },
    onSuccess: (state) => {
      client.setQueryData(pushKey, state);
      if (state === 'denied') toast.error(pushTexts.denied);
      else toast.success(state === 'on' ? pushTexts.turnedOn : pushTexts.turnedOff);
    },
    onError: () => void client.invalidateQueries({ queryKey: pushKey }),
    meta: {
      errorTitle: (error) => (error.message === pushTexts.dismissed ? pushTexts.dismissed : pushTexts.failed),
      errorDescription: (error) => (error.message === pushTexts.dismissed ? undefined : error.message),
    },
  });
}
