import { buttonClass } from '../../ui/button.tsx';
import { requireAuth } from '../auth/AuthRequired.tsx';
import { useViewer } from '../auth/session.ts';

/** "Get App": the install prompt arrives with issue 6; anonymous visitors get the auth dialog (SPEC). */
export function GetAppButton({ className }: { className?: string }) {
  const { viewer } = useViewer();
  return (
    <button type="button" className={buttonClass('outline', 'sm', className)} onClick={() => (viewer ? undefined : requireAuth())}>
      Get App
    </button>
  );
}
