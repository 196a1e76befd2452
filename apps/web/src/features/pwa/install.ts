/**
 * The installable app: registers the service worker (production builds only, so development always
 * sees fresh code), links the web app manifest, and keeps the browser's install prompt for "Get App".
 * Set up once by main.tsx, before the first render, so an early beforeinstallprompt is not missed.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;
let installed = typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function linkHead(rel: string, href: string, extra: Record<string, string> = {}): void {
  if (document.head.querySelector(`link[rel="${rel}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  for (const [name, value] of Object.entries(extra)) link.setAttribute(name, value);
  document.head.appendChild(link);
}

export function setUpInstallableApp(): void {
  if (typeof window === 'undefined') return;
  linkHead('manifest', '/manifest.webmanifest');
  linkHead('apple-touch-icon', '/icons/apple-touch-icon.png');
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    emit();
  });
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

export type InstallState = { canPrompt: boolean; installed: boolean };
let snapshot: InstallState = { canPrompt: false, installed: Boolean(installed) };
const read = (): InstallState => {
  const next = { canPrompt: deferred !== null, installed: Boolean(installed) };
  if (next.canPrompt !== snapshot.canPrompt || next.installed !== snapshot.installed) snapshot = next;
  return snapshot;
};

export function useInstallState(): InstallState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, read);
}

/** Shows the browser's own install prompt; false when there is none to show. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  emit();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

/** Which short instructions fit this browser when there is no prompt. */
export function platformOf(userAgent: string): 'ios' | 'android' | 'desktop' {
  if (
    /iPhone|iPad|iPod/i.test(userAgent) ||
    (/Macintosh/.test(userAgent) && typeof navigator !== 'undefined' && navigator.maxTouchPoints > 1)
  )
    return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}
