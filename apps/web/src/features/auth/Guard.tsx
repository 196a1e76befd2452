/** Applies decideRoute (guard.ts) to every navigation: redirects, the saved path, and the guard's toasts. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../../ui/misc.tsx';
import { decideRoute } from './guard.ts';
import { arrivedAfterSignOut, isLeavingAfterSignOut, useViewer } from './session.ts';

const SAVED_PATH = 'gigreel.afterLogin';
const POST_LOGIN_CHECKED = 'gigreel.postLoginChecked';

export function Guard({ children }: { children: ReactNode }) {
  const { viewer, loading, unknown } = useViewer();
  const location = useLocation();
  const leaving = !loading && viewer === null && isLeavingAfterSignOut();
  const decision = loading
    ? null
    : leaving
      ? { to: '/' }
      : decideRoute({
          pathname: location.pathname,
          search: location.search,
          viewer,
          savedPath: sessionStorage.getItem(SAVED_PATH),
          postLoginChecked: viewer !== null && sessionStorage.getItem(POST_LOGIN_CHECKED) === viewer.id,
          viewerUnknown: unknown,
        });
  // One toast per navigation, even when React runs the effect twice.
  const toasted = useRef<string | null>(null);

  useEffect(() => {
    if (leaving && location.pathname === '/') arrivedAfterSignOut();
    if (!decision) return;
    if (decision.savePath) sessionStorage.setItem(SAVED_PATH, decision.savePath);
    if (decision.consumeSavedPath) sessionStorage.removeItem(SAVED_PATH);
    if (decision.markPostLoginChecked && viewer) sessionStorage.setItem(POST_LOGIN_CHECKED, viewer.id);
    if (decision.toast && toasted.current !== location.key) {
      toasted.current = location.key;
      const show = decision.toast.destructive ? toast.error : decision.toast.info ? toast.info : toast.success;
      show(decision.toast.title, decision.toast.description ? { description: decision.toast.description } : undefined);
    }
  });

  if (loading) return <Spinner />;
  if (decision?.to !== undefined && decision.to !== location.pathname + location.search)
    return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
