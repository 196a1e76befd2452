/**
 * Dialogs trap focus (Radix) and return it to whatever opened them; every dialog has a title and a
 * close control. Our dialogs are opened from state rather than a Radix trigger, so the opener is
 * remembered here: Radix alone would drop focus on the page body when the dialog closes.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
};

export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  // Layout effects run before Radix moves focus into the dialog, so this still sees the opener.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  const returnFocus = (event: Event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus();
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl border border-line bg-panel p-5 shadow-2xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="mb-3 flex items-start justify-between gap-4">
            <RadixDialog.Title className="min-w-0 break-words text-lg font-bold text-white">{title}</RadixDialog.Title>
            <RadixDialog.Close className="-m-2 rounded-full p-2 text-zinc-300 hover:bg-white/10" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm text-zinc-300">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
