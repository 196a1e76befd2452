/** View Details: description, delivery time, budget, files, Accept Job while pending (SPEC section 2) and Decline until delivered, paid or not. */
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { canDecideJob, formatPence, jobsTexts, type JobDecision, type PrivateJob } from '@gigreel/core';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { fileSize } from './JobFilePicker.tsx';
import { useDecideJob } from './jobs.queries.ts';

export function JobDetailsDialog({
  job,
  onOpenChange,
}: {
  job: PrivateJob | null;
  onOpenChange: (open: boolean) => void;
}) {
  const decide = useDecideJob();
  if (!job) return null;
  // Once the designer confirmed the money arrived, the job is theirs to deliver: no more declining.
  const [canAccept, canDecline] = [
    canDecideJob(job.status, 'accepted'),
    canDecideJob(job.status, 'declined') && !job.order?.paymentConfirmed,
  ];
  const choose = (status: JobDecision) =>
    decide.mutate({ jobId: job.id, status }, { onSuccess: ({ message }) => toast.success(message) });
  return (
    <Dialog open onOpenChange={onOpenChange} title={job.title} description={`From ${job.sender.displayName}`}>
      <div className="flex flex-col gap-4 text-sm">
        <div>
          <h3 className="font-semibold text-zinc-200">Description</h3>
          <p className="whitespace-pre-wrap text-zinc-300">{job.description || 'No description.'}</p>
        </div>
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-zinc-400">Delivery time</dt>
            <dd className="font-semibold text-white">{job.deliveryTime}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">Budget</dt>
            <dd className="font-semibold text-white">
              {job.budgetPence !== null ? formatPence(job.budgetPence) : 'Not set'}
            </dd>
          </div>
        </dl>
        <div>
          <h3 className="mb-1 font-semibold text-zinc-200">Files</h3>
          {job.files.length ? (
            <ul className="flex flex-col gap-1.5">
              {job.files.map((file) => (
                <li key={file.id}>
                  <a
                    href={file.url}
                    download={file.fileName}
                    className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-zinc-100 hover:bg-white/5"
                  >
                    <Download className="h-4 w-4 shrink-0 text-brand-400" aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate">{file.fileName}</span>
                    <span className="text-xs text-zinc-400">{fileSize(file.sizeBytes)}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-zinc-400">No files attached.</p>
          )}
        </div>
        {job.order?.status === 'paid' ? (
          job.order.paymentConfirmed ? (
            <p className="rounded-lg border border-emerald-700 bg-emerald-950/60 p-3 text-emerald-200">
              {jobsTexts.paidNote}
            </p>
          ) : (
            <p className="rounded-lg border border-amber-700 bg-amber-950/60 p-3 text-amber-100">
              {jobsTexts.paymentClaimedNote}
            </p>
          )
        ) : null}
        {canAccept || canDecline ? (
          <div className="grid grid-cols-2 gap-2">
            {canDecline ? (
              <Button
                variant="outline"
                size="lg"
                className={canAccept ? undefined : 'col-span-2'}
                busy={decide.isPending && decide.variables?.status === 'declined'}
                disabled={decide.isPending}
                onClick={() => choose('declined')}
              >
                {jobsTexts.decline}
              </Button>
            ) : null}
            {canAccept ? (
              <Button
                size="lg"
                busy={decide.isPending && decide.variables?.status === 'accepted'}
                disabled={decide.isPending}
                onClick={() => choose('accepted')}
              >
                {jobsTexts.accept}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
