/** The Authentication Required dialog (Log In / Sign Up), opened from anywhere with requireAuth(). */
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { texts } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

let message: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

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
  const navigate = useNavigate();
  const close = () => {
    message = null;
    emit();
  };
  const go = (path: string) => {
    close();
    navigate(path);
  };
  return (
    <Dialog open={reason !== null} onOpenChange={(open) => !open && close()} title={texts.auth.required} description={reason ?? ''}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="flex-1" onClick={() => go('/login')}>Log In</Button>
        <Button className="flex-1" variant="outline" onClick={() => go('/signup')}>Sign Up</Button>
      </div>
    </Dialog>
  );
}
