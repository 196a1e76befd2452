/**
 * Shown on every page of the app while an admin uses it as a creator: the "Impersonating User"
 * badge and "Stop Impersonation", which ends that session on the server and restores the admin's.
 * Its own chunk: the main layout loads it only while impersonating.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminTexts } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { useViewer, viewerKey } from '../auth/index.ts';
import { useStopImpersonation } from './admin.queries.ts';

export function ImpersonationBadge() {
  const { viewer } = useViewer();
  const client = useQueryClient();
  const navigate = useNavigate();
  const stopping = useStopImpersonation();
  if (!viewer?.impersonatedBy) return null;
  // The failure's toast comes from the mutation (admin.queries.ts); an ended admin session also goes to log in.
  const stop = () =>
    stopping.mutate(undefined, {
      onSuccess: async (result) => {
        client.removeQueries({ predicate: (query) => query.queryKey[0] !== viewerKey[0] });
        await client.invalidateQueries({ queryKey: viewerKey });
        toast.success(result.title, { description: result.message });
        navigate('/admin', { replace: true });
      },
      onError: async (error) => {
        if (error instanceof ApiError && error.status === 401) {
          client.clear();
          await client.invalidateQueries({ queryKey: viewerKey });
          navigate('/login', { replace: true });
        }
      },
    });
  return (
    <div
      role="status"
      className="relative z-40 flex items-center justify-between gap-3 border-b border-amber-500/40 bg-amber-950/95 px-4 py-2 text-sm text-amber-50"
    >
      <span className="flex min-w-0 items-center gap-2">
        <span className="shrink-0 rounded-full bg-amber-500 px-2.5 py-0.5 text-xs font-bold text-black">
          {adminTexts.impersonation.badge}
        </span>
        <span className="truncate">{viewer.displayName}</span>
      </span>
      <Button
        size="sm"
        variant="outline"
        busy={stopping.isPending}
        onClick={stop}
        className="shrink-0 border-amber-400/60"
      >
        {adminTexts.impersonation.stop}
      </Button>
    </div>
  );
}
