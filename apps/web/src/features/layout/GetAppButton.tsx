/**
 * "Get App": the browser's own install prompt where there is one, else short instructions for the
 * phone's browser. Anonymous visitors get the Authentication Required dialog first (SPEC section 2).
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonClass } from '../../ui/button.tsx';
import { requireAuth } from '../auth/AuthRequired.tsx';
import { useViewer } from '../auth/session.ts';
import { InstallDialog } from '../pwa/InstallDialog.tsx';
import { promptInstall, useInstallState } from '../pwa/install.ts';

export function GetAppButton({ className }: { className?: string }) {
  const { viewer } = useViewer();
  const install = useInstallState();
  const [helpOpen, setHelpOpen] = useState(false);

  const getApp = async () => {
    if (!viewer) return requireAuth();
    if (install.installed) return toast('GigReel is already installed on this device.');
    if (install.canPrompt) {
      const outcome = await promptInstall();
      if (outcome === 'accepted') toast.success('GigReel is being added to your device.');
      if (outcome !== 'unavailable') return;
    }
    setHelpOpen(true);
  };

  return (
    <>
      <button type="button" className={buttonClass('outline', 'sm', className)} onClick={() => void getApp()}>
        <Download className="h-4 w-4" aria-hidden="true" />Get App
      </button>
      <InstallDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </>
  );
}
