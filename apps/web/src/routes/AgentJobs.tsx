/**
 * /agent-jobs: the private jobs sent to the viewer, with View Details to accept or decline (SPEC
 * section 2), named "Job requests" (issue 19). Only the designer receives jobs, so only they are led
 * here; anyone else who opens it sees the empty inbox with the ways to hire the designer and to the
 * jobs they sent (an earlier designer still sees the jobs sent to them).
 */
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatPence, jobsTexts, type PrivateJob } from '@gigreel/core';
import { useViewer } from '../features/auth/index.ts';
import { HireDesignerLink, JobDetailsDialog, JobStatusPill, useJobInbox } from '../features/jobs/index.ts';
import { PaymentBadge } from '../features/orders/index.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { ShowMore } from '../ui/show-more.tsx';
import { Card, EmptyState, PageTitle, Spinner, LoadFailed } from '../ui/misc.tsx';

export default function AgentJobsPage() {
  const { viewer, loading } = useViewer();
  const inbox = useJobInbox();
  const [openId, setOpenId] = useState<string | null>(null);
  if (!loading && !viewer) return <EmptyState title={jobsTexts.loginToView} />;
  const open = inbox.data?.find((job) => job.id === openId) ?? null;
  return (
    <section className="flex flex-col gap-4 px-4 py-4 md:mx-auto md:max-w-2xl">
      <PageTitle>{jobsTexts.inboxTitle}</PageTitle>
      {inbox.isPending ? <Spinner label="Loading jobs" /> : null}
      {inbox.isError && !inbox.isFetchNextPageError ? <LoadFailed title={jobsTexts.loadFailed} query={inbox} /> : null}
      {inbox.data && !inbox.data.length ? (
        viewer?.isDesigner ? (
          <EmptyState title={jobsTexts.empty} />
        ) : (
          <EmptyState
            title={jobsTexts.empty}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <HireDesignerLink />
                <Link to="/orders?tab=jobs" className={buttonClass('outline', 'sm')}>
                  {jobsTexts.sentTab}
                </Link>
              </div>
            }
          >
            {jobsTexts.notDesignerBody}
          </EmptyState>
        )
      ) : null}
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
      {/* The title has the card's width; the pills sit on their own line below it, never squeezing it. */}
      <h2 className="break-words font-semibold text-white [overflow-wrap:anywhere]">{job.title}</h2>
      <div className="flex flex-wrap gap-1.5">
        <JobStatusPill status={job.status} />
        {/* Pending or declined, the job's own pill says it all; once accepted, its order's state matters. */}
        {job.order && (job.status === 'accepted' || job.status === 'delivered') ? (
          <PaymentBadge status={job.order.status} jobStatus={job.status} />
        ) : null}
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
