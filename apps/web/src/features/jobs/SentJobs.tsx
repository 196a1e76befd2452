/**
 * The jobs the viewer sent to the designer (the Orders page's "Jobs I sent" tab): each with its
 * status, what was asked, and its order, where the person pays once the designer accepts.
 */
import { ChevronRight, PenTool } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, formatPence, jobsTexts, type PrivateJob } from '@gigreel/core';
import { buttonClass } from '../../ui/button.tsx';
import { EmptyState, LoadFailed, Spinner } from '../../ui/misc.tsx';
import { ShowMore } from '../../ui/show-more.tsx';
import { PaymentBadge } from '../orders/index.ts';
import { JobStatusPill } from './JobStatusPill.tsx';
import { useSentJobs } from './jobs.queries.ts';

export function HireDesignerLink({ className }: { className?: string }) {
  return (
    <Link to="/private-job" className={buttonClass('primary', 'sm', className)}>
      <PenTool className="h-4 w-4" aria-hidden="true" />
      {jobsTexts.hireDesigner}
    </Link>
  );
}

export function SentJobs() {
  const sent = useSentJobs();
  if (sent.isPending) return <Spinner label="Loading jobs" />;
  if (sent.isError && !sent.isFetchNextPageError) return <LoadFailed title={jobsTexts.loadFailed} query={sent} />;
  const jobs = sent.data ?? [];
  if (!jobs.length)
    return (
      <EmptyState title={jobsTexts.noneSent} action={<HireDesignerLink />}>
        {jobsTexts.noneSentBody}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-3">
      <HireDesignerLink className="self-start" />
      <ul className="flex flex-col gap-3" aria-label={jobsTexts.sentTab}>
        {jobs.map((job) => (
          <li key={job.id}>
            <SentJobCard job={job} />
          </li>
        ))}
      </ul>
      <ShowMore list={sent} texts={jobsTexts.more} failed={jobsTexts.loadFailed} />
    </div>
  );
}

function SentJobCard({ job }: { job: PrivateJob }) {
  const body = (
    <>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <p className="min-w-32 flex-1 break-words font-semibold text-white">{job.title}</p>
          <JobStatusPill status={job.status} />
        </div>
        <p className="mt-1 text-sm text-zinc-300">
          To {job.recipient.displayName} · Sent {formatDate(job.createdAt)}
        </p>
        <p className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-zinc-400">
          <span>
            {job.deliveryTime} · {job.budgetPence !== null ? formatPence(job.budgetPence) : 'No budget'}
          </span>
          {/* Pending or declined, the job's own pill says it all; once accepted, its order's state matters. */}
          {job.order && (job.status === 'accepted' || job.status === 'delivered') ? (
            <span className="inline-flex items-center gap-1.5">
              <span className="sr-only">Order:</span>
              <PaymentBadge status={job.order.status} jobStatus={job.status} />
            </span>
          ) : null}
        </p>
      </div>
      {job.order ? <ChevronRight className="h-5 w-5 shrink-0 text-zinc-400" aria-hidden="true" /> : null}
    </>
  );
  const frame = 'flex items-center gap-3 rounded-2xl border border-line bg-panel p-4';
  return job.order ? (
    <Link to={`/order/${job.order.id}`} className={`${frame} hover:bg-white/5`}>
      {body}
      <span className="sr-only">{jobsTexts.viewOrder}</span>
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}

/** The profile's way in to /private-job, for everyone but the designer (who receives the jobs). */
export function HireDesignerCard() {
  return (
    <section aria-labelledby="hire-designer-title" className="px-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 sm:flex-row sm:items-center">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-600/20 text-brand-400">
          <PenTool className="h-5 w-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id="hire-designer-title" className="font-semibold text-white">
            {jobsTexts.hireDesigner}
          </h2>
          <p className="text-sm text-zinc-300">{jobsTexts.hireDesignerBody}</p>
        </div>
        <Link to="/private-job" className={buttonClass('outline', 'sm', 'self-start sm:self-center')}>
          {jobsTexts.sendJob}
        </Link>
      </div>
    </section>
  );
}
