/**
 * The admin dashboard (SPEC section 2), outside the main layout. The guard lets only admins in and
 * the server checks every call again; each tab is its own chunk, loaded when first opened.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminTexts, reportsTexts } from '@gigreel/core';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/misc.tsx';
import { signOut, useViewer } from '../features/auth/index.ts';
import {
  AnalyticsTab,
  AuditLog,
  CreatorsTab,
  Diagnostics,
  DisputesTab,
  disputesTexts,
  ExportTab,
  GigsTab,
  MessagesTab,
  ReportsTab,
  StatCards,
  TestingTab,
  useDashboard,
  useErrorToast,
} from '../features/admin/index.ts';

const TABS = [
  { value: 'creators', label: adminTexts.tabs.creators, Panel: CreatorsTab },
  { value: 'gigs', label: adminTexts.tabs.gigs, Panel: GigsTab },
  { value: 'messages', label: adminTexts.tabs.messages, Panel: MessagesTab },
  { value: 'disputes', label: disputesTexts.tab, Panel: DisputesTab },
  { value: 'reports', label: reportsTexts.tab, Panel: ReportsTab },
  { value: 'analytics', label: adminTexts.tabs.analytics, Panel: AnalyticsTab },
  { value: 'testing', label: adminTexts.tabs.testing, Panel: TestingTab },
  { value: 'export', label: adminTexts.tabs.export, Panel: ExportTab },
  { value: 'audit', label: adminTexts.tabs.audit, Panel: AuditLog },
] as const;

export default function AdminPage() {
  const { viewer } = useViewer();
  const dashboard = useDashboard();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<string>('creators');
  useErrorToast(dashboard.error, adminTexts.dashboardFailed);

  const logOut = async () => {
    try {
      await signOut();
      client.clear();
      toast.success(adminTexts.loggedOut);
      navigate('/', { replace: true });
    } catch {
      toast.error(adminTexts.logOutFailed);
    }
  };

  return (
    <div className="min-h-dvh bg-ink">
      <header className="sticky top-0 z-30 border-b border-line bg-ink/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <h1 className="text-lg font-bold text-white">{adminTexts.title}</h1>
          <Button variant="outline" size="sm" onClick={() => void logOut()}>
            {adminTexts.logOut}
          </Button>
        </div>
      </header>
      <main id="main" className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5">
        <p className="text-zinc-300">{adminTexts.welcome(viewer?.displayName ?? 'Admin')}</p>
        {dashboard.isPending ? <Spinner label="Loading dashboard" /> : null}
        {dashboard.isError ? (
          <p role="alert" className="rounded-xl border border-red-500/40 bg-red-950/40 p-3 text-red-200">
            {adminTexts.dashboardFailed}
          </p>
        ) : null}
        {dashboard.data ? (
          <>
            <Diagnostics
              data={dashboard.data.diagnostics}
              refreshing={dashboard.isFetching}
              onRefresh={() => void dashboard.refetch()}
            />
            <StatCards stats={dashboard.data.stats} />
          </>
        ) : null}
        <Tabs.Root value={tab} onValueChange={setTab} className="flex flex-col gap-4">
          {/* The tabs wrap onto a second line on a phone: every section in sight, none cut off. */}
          <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1">
            {TABS.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className="shrink-0 rounded-xl px-4 py-2 text-sm font-semibold text-zinc-300 hover:bg-white/5 data-[state=active]:bg-brand-600 data-[state=active]:text-white"
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map(({ value, Panel }) => (
            <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
              {tab === value ? (
                <Suspense fallback={<Spinner />}>
                  <Panel />
                </Suspense>
              ) : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </main>
    </div>
  );
}
