/** Reporting over the typed client. Its failure is said in the report dialog, which stays open to try again. */
import { useMutation } from '@tanstack/react-query';
import type { ReportKind, ReportReason } from '@gigreel/core';
import { request } from '../../api/client.ts';
import { markEngaged } from '../engagement/index.ts';

type Report = { kind: ReportKind; id: string; reason: ReportReason; note: string };

export function useSendReport() {
  return useMutation({
    mutationFn: ({ kind, id, reason, note }: Report) =>
      request('POST /api/reports', { body: { kind, id, reason, ...(note.trim() ? { note: note.trim() } : {}) } }),
    // What was reported may be hidden soon: for a while the reporter's feed pages are asked for past the
    // shared browser cache (as after a boost), so the feed shows the outcome as soon as there is one.
    onSuccess: markEngaged,
  });
}
