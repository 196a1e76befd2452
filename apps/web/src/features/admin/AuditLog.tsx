/** What admins did while impersonating: every write, with who, as whom, and the answer. */
import { formatDate } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { useAuditLog } from './admin.api.ts';

export function AuditLog() {
  const audit = useAuditLog();
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <details className="rounded-2xl border border-line bg-panel p-4">
      <summary className="cursor-pointer font-semibold text-white">Impersonation audit log</summary>
      {items.length === 0 ? <p className="mt-3 text-sm text-zinc-400">No writes made while impersonating.</p> : (
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {items.map((entry) => (
            <li key={entry.id} className="rounded-xl bg-white/5 px-3 py-2">
              <p className="font-mono text-xs text-zinc-200">{entry.method} {entry.path} → {entry.status}</p>
              <p className="text-xs text-zinc-400">
                {entry.admin?.displayName ?? 'Unknown'} as {entry.actingAs?.displayName ?? 'Unknown'} · {formatDate(entry.createdAt)} {new Date(entry.createdAt).toLocaleTimeString('en-US')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {audit.hasNextPage ? <Button size="sm" variant="outline" className="mt-3" onClick={() => void audit.fetchNextPage()}>Load more</Button> : null}
    </details>
  );
}
