/** The diagnostics card and the four stat cards above the tabs. */
import { RefreshCw } from 'lucide-react';
import { adminTexts, formatPence, type AdminDashboard } from '@gigreel/core';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';

function Count({ label, value, tone }: { label: string; value: number | string; tone?: 'good' | 'warn' }) {
  return (
    <div className="flex items-center justify-between gap-2 rounded-lg bg-white/5 px-2.5 py-1.5 sm:block sm:rounded-xl sm:px-3 sm:py-2">
      <dt className="text-xs text-zinc-400">{label}</dt>
      <dd
        className={cn(
          'font-bold tabular-nums sm:text-lg',
          tone === 'warn' ? 'text-amber-300' : tone === 'good' ? 'text-emerald-300' : 'text-white',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

export function Diagnostics({
  data,
  onRefresh,
  refreshing,
}: {
  data: AdminDashboard['diagnostics'];
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <section aria-labelledby="diagnostics-title" className="rounded-2xl border border-line bg-panel p-3 sm:p-4">
      <div className="mb-2 flex items-center justify-between gap-2 sm:mb-3">
        <h2 id="diagnostics-title" className="font-bold text-white">
          Diagnostics
        </h2>
        <div className="flex items-center gap-1">
          <Link to="/admin/feed" className={buttonClass('outline', 'sm')}>
            View the feed
          </Link>
          <Button size="sm" variant="ghost" onClick={onRefresh} busy={refreshing} aria-label="Refresh diagnostics">
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-1.5 sm:grid-cols-4 sm:gap-2 lg:grid-cols-8">
        <Count label="Offers" value={data.offers.total} />
        <Count label="Approved" value={data.offers.approved} tone="good" />
        <Count
          label="Not approved"
          value={data.offers.notApproved}
          tone={data.offers.notApproved ? 'warn' : undefined}
        />
        <Count
          label="Without media"
          value={data.offers.withoutMedia}
          tone={data.offers.withoutMedia ? 'warn' : undefined}
        />
        <Count label="Approved with media" value={data.offers.approvedWithMedia} />
        <Count label="Users" value={data.users} />
        <Count label="Security events" value={data.securityEvents} />
        <Count label={'Login attempts (24\u00a0h)'} value={data.loginAttempts24h} />
        <Count label="Mails queued" value={data.mails.queued} tone={data.mails.queued ? 'warn' : undefined} />
        <Count label={'Mails sent (30\u00a0days)'} value={data.mails.sent} />
        <Count
          label={'Mails failed (30\u00a0days)'}
          value={data.mails.failed}
          tone={data.mails.failed ? 'warn' : undefined}
        />
      </dl>
    </section>
  );
}

export function StatCards({ stats }: { stats: AdminDashboard['stats'] }) {
  const cards = [
    { label: adminTexts.stats.creators, value: stats.totalCreators.toLocaleString('en-US') },
    { label: adminTexts.stats.gigs, value: stats.totalGigs.toLocaleString('en-US') },
    { label: adminTexts.stats.revenue, value: formatPence(stats.totalRevenuePence) },
    { label: adminTexts.stats.commission, value: formatPence(stats.commissionPence), note: '15% of revenue' },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Totals">
      {cards.map((card) => (
        <li key={card.label} className="rounded-2xl border border-line bg-panel p-3 sm:p-4">
          <p className="text-sm text-zinc-400">{card.label}</p>
          <p className="mt-1 text-xl font-bold tabular-nums text-white sm:text-2xl">{card.value}</p>
          {card.note ? <p className="text-xs text-zinc-400">{card.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
