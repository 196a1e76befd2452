import { jobsTexts, type JobStatus } from '@gigreel/core';
import { jobTone } from '../../ui/status.ts';
import { StatusPill } from '../../ui/status-pill.tsx';

/** A job's status in the one palette (ui/status.ts). */
export function JobStatusPill({ status }: { status: JobStatus }) {
  return <StatusPill tone={jobTone(status)}>{jobsTexts.statusLabel(status)}</StatusPill>;
}
