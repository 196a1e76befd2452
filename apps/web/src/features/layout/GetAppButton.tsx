/**
 * "Get App": the browser's own install prompt where there is one, else short instructions for the
 * phone's browser. Anonymous visitors get the Authentication Required dialog first (SPEC section 2).
 */
import { Download } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../ui/button.tsx';
import { requireAuth, useViewer } from '../auth/index.ts';
import { InstallDialog, promptInstall, useInstallState } from '../pwa/index.ts';

export function GetAppButton({ className }: { className?: string }) {
  const { viewer } = useViewer();
  const install = useInstallState();
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpUsed, setHelpUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The dialog has no Radix trigger to return focus to, so hand it back here once it has closed.
  const onHelpOpenChange = (open: boolean) => {
    setHelpOpen(open);
    if (!open) setTimeout(() => button.current?.focus(), 0);
  };

  const getApp = async () => {
    if (!viewer) return requireAuth();
    if (install.installed) return toast('GigReel is already installed on this device.');
    if (install.canPrompt) {
      const outcome = await promptInstall();
      if (outcome === 'accepted') toast.success('GigReel is being added to your device.');
      if (outcome !== 'unavailable') return;
    }
    setHelpUsed(true);
    setHelpOpen(true);
  };

  // className goes on a wrapper: display utilities such as "hidden md:inline-flex" must not fight the
  // button's own inline-flex (whichever Tailwind emits last would win).
  return (
    <span className={className ?? 'inline-flex shrink-0'}>
      <button
        type="button"
        className={buttonClass('outline', 'sm', 'shrink-0 whitespace-nowrap')}
        ref={button}
        onClick={() => void getApp()}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Get App
      </button>
      {helpUsed ? (
        <Suspense fallback={null}>
          <InstallDialog open={helpOpen} onOpenChange={onHelpOpenChange} />
        </Suspense>
      ) : null}
    </span>
  );
}
