/** Short instructions for adding GigReel to the home screen when the browser offers no prompt. */
import { Dialog } from '../../ui/dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { platformOf } from './install.ts';

const steps = {
  ios: [
    'Open GigReel in Safari.',
    'Tap the Share button (the square with an arrow).',
    'Choose "Add to Home Screen", then tap Add.',
  ],
  android: [
    'Open GigReel in Chrome.',
    'Tap the menu (three dots) at the top right.',
    'Choose "Install app" or "Add to Home screen".',
  ],
  desktop: [
    'Open GigReel in Chrome or Edge.',
    'Click the install icon at the right of the address bar, or open the browser menu.',
    'Choose "Install GigReel".',
  ],
} as const;

export function InstallDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const platform = platformOf(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Get the GigReel app"
      description="GigReel installs straight from your browser: no app store, no download to wait for."
    >
      <ol className="mb-4 flex list-decimal flex-col gap-2 pl-5 text-sm text-zinc-200">
        {steps[platform].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {platform !== 'desktop' ? null : (
        <p className="mb-4 text-xs text-zinc-400">
          On a phone: in Safari use Share, then Add to Home Screen; in Chrome use the menu, then Install app.
        </p>
      )}
      <Button className="w-full" variant="secondary" onClick={() => onOpenChange(false)}>
        Got it
      </Button>
    </Dialog>
  );
}
