/** /agent-jobs: the private jobs sent to the viewer, with View Details to accept or decline (SPEC section 2). */
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatPence, jobBadgeVariant, jobsTexts, type PrivateJob } from '@gigreel/core';
import { useViewer } from '../features/auth/index.ts';
import { JobDetailsDialog, useJobInbox } from '../features/jobs/index.ts';
import { PaymentBadge } from '../features/orders/index.ts';
import { Button } from '../ui/button.tsx';
import { ShowMore } from '../ui/show-more.tsx';
import { Badge, Card, EmptyState, PageTitle, Spinner, LoadFailed } from '../ui/misc.tsx';

const capital = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

export default function AgentJobsPage() {
  const { viewer, loading } = useViewer();
  const inbox = useJobInbox();
  const [openId, setOpenId] = useState<string | null>(null);
  if (!loading && !viewer) return <EmptyState title={jobsTexts.loginToView} />;
  const open = inbox.data?.find((job) => job.id === openId) ?? null;
  return (
    <section className="flex flex-col gap-4 px-4 py-4 md:mx-auto md:max-w-2xl">
      <PageTitle>Agent Jobs</PageTitle>
      {inbox.isPending ? <Spinner label="Loading jobs" /> : null}
      {inbox.isError && !inbox.isFetchNextPageError ? <LoadFailed title={jobsTexts.loadFailed} query={inbox} /> : null}
      {inbox.data && !inbox.data.length ? <EmptyState title={jobsTexts.empty} /> : null}
      {inbox.data?.length ? (
        <ul className="flex flex-col gap-3">
          {inbox.data.map((job) => (
            <li key={job.id}>
              <JobCard job={job} onView={() => setOpenId(job.id)} />
            </li>
          ))}
        </ul>
      ) : null}
      <ShowMore list={inbox} texts={jobsTexts.more} failed={jobsTexts.loadFailed} />
      <JobDetailsDialog job={open} onOpenChange={(isOpen) => (isOpen ? undefined : setOpenId(null))} />
    </section>
  );
}

function JobCard({ job, onView }: { job: PrivateJob; onView: () => void }) {
  return (
    <Card className="flex flex-col gap-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words font-semibold text-white">{job.title}</h2>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={jobBadgeVariant(job.status)}>{capital(job.status)}</Badge>
          {/* Pending or declined, the job's own badge says it all; once accepted, its payment matters. */}
          {job.order && (job.status === 'accepted' || job.status === 'delivered') ? (
            <PaymentBadge status={job.order.status} jobStatus={job.status} />
          ) : null}
        </div>
      </div>
      <p className="text-sm text-zinc-300">
        From {job.sender.displayName} · Submitted {formatDate(job.createdAt)}
      </p>
      <p className="text-sm text-zinc-300">
        Delivery: <span className="text-zinc-100">{job.deliveryTime}</span> · Budget:{' '}
        <span className="text-zinc-100">{job.budgetPence !== null ? formatPence(job.budgetPence) : 'Not set'}</span>
      </p>
      {job.description ? <p className="line-clamp-2 text-sm text-zinc-400">{job.description}</p> : null}
      <div className="flex items-center justify-between gap-2">
        <span className="inline-flex items-center gap-1 text-xs text-zinc-400">
          <Paperclip className="h-3.5 w-3.5" aria-hidden="true" />
          {job.files.length} {job.files.length === 1 ? 'file' : 'files'} attached
        </span>
        <Button variant="outline" size="sm" onClick={onView} aria-label={`View Details: ${job.title}`}>
          {jobsTexts.viewDetails}
        </Button>
      </div>
      {job.order?.status === 'paid' ? (
        job.order.paymentConfirmed ? (
          <p className="text-sm text-emerald-300">{jobsTexts.paidNote}</p>
        ) : (
          <p className="text-sm text-amber-200">{jobsTexts.paymentClaimedNote}</p>
        )
      ) : null}
    </Card>
  );
}
