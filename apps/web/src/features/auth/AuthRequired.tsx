/** The Authentication Required dialog (Log In / Sign Up), opened from anywhere with requireAuth(). */
import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { texts } from '@gigreel/core';

// The dialog's code loads the first time it opens (most visits never open it); it then stays mounted,
// so closing it still hands focus back to whatever opened it.
const AuthRequiredPrompt = lazy(() => import('./AuthRequiredPrompt.tsx'));

let message: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const close = () => {
  message = null;
  emit();
};

/** Opens the dialog with the reason the person needs an account. */
export function requireAuth(reason: string = texts.auth.signUpRequiredBody): void {
  message = reason;
  emit();
}

export function AuthRequiredDialog() {
  const reason = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => message,
  );
  const [used, setUsed] = useState(false);
  if (reason !== null && !used) setUsed(true);
  if (!used && reason === null) return null;
  return (
    <Suspense fallback={null}>
      <AuthRequiredPrompt reason={reason} onClose={close} />
    </Suspense>
  );
}
