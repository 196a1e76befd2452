/** The Authentication Required dialog itself; AuthRequired.tsx loads it the first time it opens. */
import { useNavigate } from 'react-router';
import { texts } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

export default function AuthRequiredPrompt({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Dialog
      open={reason !== null}
      onOpenChange={(open) => !open && onClose()}
      title={texts.auth.required}
      description={reason ?? ''}
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button className="flex-1" onClick={() => go('/login')}>
          Log In
        </Button>
        <Button className="flex-1" variant="outline" onClick={() => go('/signup')}>
          Sign Up
        </Button>
      </div>
    </Dialog>
  );
}
