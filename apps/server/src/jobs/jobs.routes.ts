/** HTTP for private jobs: the table (core's jobs.api.ts) checks the caller and the input; each route calls one service verb. */
import path from 'node:path';
import {
  jobsTexts,
  privateJobFields,
  PRIVATE_JOB_FILE_MAX,
  PRIVATE_JOB_MAX_FILES,
  PRIVATE_JOB_TYPES,
  texts,
} from '@gigreel/core';
import { feature } from '../http/declare.ts';
import { parse } from '../http/errors.ts';
import { receiveUpload, type DetectedFile } from '../platform/uploads.ts';
import { sendAttachment } from '../orders/index.ts';
import * as service from './jobs.service.ts';

const JOB_FILE_TYPES = new Map<string, DetectedFile>(
  PRIVATE_JOB_TYPES.map((type) => [type.mime, { mime: type.mime, ext: type.ext }]),
);

/** SPEC: image, video, pdf, docx, zip; decided by the bytes, and only the exact types of that list. */
function acceptJobFile(detected: DetectedFile | undefined): DetectedFile | null {
  return (detected && JOB_FILE_TYPES.get(detected.mime)) ?? null;
}

export const jobs = feature('jobs', ({ deps, route }) => {
  const tempDir = path.join(deps.config.dataDir, 'tmp', 'uploads');

  route('POST /api/jobs', async ({ actor, request }) => {
    // Refused before the files are read when the job could not be sent anyway.
    await service.assertCanSendJob({ deps, actor });
    const upload = await receiveUpload(request, tempDir, {
      maxFileBytes: PRIVATE_JOB_FILE_MAX,
      maxFiles: PRIVATE_JOB_MAX_FILES,
      accept: acceptJobFile,
      tooLargeMessage: 'Each file must be 20 MB or smaller.',
      invalidTypeMessage: texts.validation.invalidFileType,
    });
    try {
      const fields = parse(privateJobFields, upload.fields);
      const result = await service.sendJob({ deps, actor, fields, files: upload.files });
      return { ...result, message: jobsTexts.submitted };
    } finally {
      await upload.cleanup();
    }
  });

  route('GET /api/jobs/inbox', ({ actor, query }) =>
    service.listJobs({ deps, actor, side: 'inbox', cursor: query.cursor }),
  );

  route('GET /api/jobs/sent', ({ actor, query }) =>
    service.listJobs({ deps, actor, side: 'sent', cursor: query.cursor }),
  );

  route('POST /api/jobs/:id/status', async ({ actor, params, body }) => ({
    job: await service.decideJob({ deps, actor, jobId: params.id, status: body.status }),
    message: jobsTexts.statusChanged(body.status),
  }));

  route('GET /api/jobs/:id/files/:fileId', async ({ actor, params, reply }) => {
    const file = await service.openJobFile({ deps, actor, jobId: params.id, fileId: params.fileId });
    return sendAttachment(reply, file);
  });
});
