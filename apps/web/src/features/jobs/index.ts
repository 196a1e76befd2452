/** The jobs feature's public entry: what other features and the app use of it, and all they may import. */
export { JobDetailsDialog } from './JobDetailsDialog.tsx';
export { JobFilePicker } from './JobFilePicker.tsx';
export { JobStatusPill } from './JobStatusPill.tsx';
export { HireDesignerCard, HireDesignerLink, SentJobs } from './SentJobs.tsx';
export { useJobInbox, useSendJob } from './jobs.queries.ts';
