/** Reporting over the typed client. Its failure is said in the report dialog, which stays open to try again. */
import { useMutation } from '@tanstack/react-query';
import type { ReportKind, ReportReason } from '@gigreel/core';
import { request } from '../../api/client.ts';

type Report = { kind: ReportKind; id: string; reason: ReportReason; note: string };

export function useSendReport() {
  return useMutation({
    mutationFn: ({ kind, id, reason, note }: Report) =>
      request('POST /api/reports', { body: { kind, id, reason, ...(note.trim() ? { note: note.trim() } : {}) } }),
  });
}
