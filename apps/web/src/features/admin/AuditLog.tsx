/**
 * The audit log tab: what admins did, newest first. Every write made while impersonating and every
 * admin's own change (and export), with the admin, as whom, the action or route, the target and the answer.
 */
import { RefreshCw } from 'lucide-react';
import { AUDIT_ACTIONS, adminTexts, formatDate, type AuditEntry } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Spinner } from '../../ui/misc.tsx';
import { useAuditLog } from './admin.queries.ts';
import { useErrorToast } from './useErrorToast.ts';
import { ShowMore } from '../../ui/show-more.tsx';

const t = adminTexts.audit;

const person = (who: AuditEntry['admin']) => (who ? (who.displayName ?? t.deletedAccount(who.id)) : t.nobody);
const action = (entry: AuditEntry) =>
  entry.action ? AUDIT_ACTIONS[entry.action] : `${entry.method} ${entry.route ?? entry.path}`;
const target = (entry: AuditEntry) =>
  entry.target ? [entry.target.kind, entry.target.label ?? entry.target.id].filter(Boolean).join(' ') : t.nobody;
const when = (at: string) => `${formatDate(at)} ${new Date(at).toLocaleTimeString('en-GB')}`;

export default function AuditLog() {
  const audit = useAuditLog();
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  useErrorToast(audit.error, t.heading);
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="audit-title" className="text-xl font-bold text-white">
          {t.heading}
        </h2>
        <Button size="sm" variant="outline" busy={audit.isRefetching} onClick={() => void audit.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Refresh
        </Button>
      </div>
      {audit.isPending ? <Spinner /> : null}
      {audit.isSuccess && items.length === 0 ? <EmptyState title={t.empty} /> : null}
      {items.length ? (
        <div className="overflow-x-auto rounded-2xl border border-line bg-panel">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="text-xs uppercase text-zinc-400">
              <tr>
                {Object.values(t.columns).map((label) => (
                  <th key={label} scope="col" className="px-3 py-2 font-semibold">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id} className="border-t border-line align-top text-zinc-200">
                  <td className="whitespace-nowrap px-3 py-2 text-xs text-zinc-400">{when(entry.createdAt)}</td>
                  <td className="px-3 py-2">{person(entry.admin)}</td>
                  <td className="px-3 py-2">{person(entry.actingAs)}</td>
                  <td className="px-3 py-2">
                    <span className="break-all font-mono text-xs" title={entry.path}>
                      {action(entry)}
                    </span>
                  </td>
                  <td className="px-3 py-2 break-words">{target(entry)}</td>
                  <td className={entry.status < 400 ? 'px-3 py-2 text-emerald-300' : 'px-3 py-2 text-red-300'}>
                    {t.result(entry.status)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ShowMore list={audit} texts={t.more} className="px-0" />
    </section>
  );
}
