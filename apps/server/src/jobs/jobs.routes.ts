/** HTTP for private jobs: authenticate, parse with the core schemas, call one service verb. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jobFileParams, jobIdParams, jobStatusInput, jobsTexts, privateJobFields, PRIVATE_JOB_FILE_MAX, PRIVATE_JOB_MAX_FILES, PRIVATE_JOB_TYPES, texts } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { parse } from '../http/errors.ts';
import { requireViewer } from '../auth/viewer.ts';
import { receiveUpload, type DetectedFile } from '../platform/uploads.ts';
import { sendAttachment } from '../orders/delivery-files.ts';
import * as jobs from './jobs.service.ts';

const JOB_FILE_TYPES = new Map<string, DetectedFile>(PRIVATE_JOB_TYPES.map((type) => [type.mime, { mime: type.mime, ext: type.ext }]));

/** SPEC: image, video, pdf, docx, zip; decided by the bytes, and only the exact types of that list. */
export function acceptJobFile(detected: DetectedFile | undefined): DetectedFile | null {
  return (detected && JOB_FILE_TYPES.get(detected.mime)) ?? null;
}

export async function jobsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const tempDir = path.join(deps.config.dataDir, 'tmp', 'uploads');

  app.post('/api/jobs', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply, jobsTexts.loginToSubmit);
    await jobs.assertCanSendJob({ deps, actor });
    const upload = await receiveUpload(request, tempDir, {
      maxFileBytes: PRIVATE_JOB_FILE_MAX,
      maxFiles: PRIVATE_JOB_MAX_FILES,
      accept: acceptJobFile,
      tooLargeMessage: 'Each file must be 20 MB or smaller.',
      invalidTypeMessage: texts.validation.invalidFileType,
    });
    try {
      const fields = parse(privateJobFields, upload.fields);
      const result = await jobs.sendJob({ deps, actor, fields, files: upload.files });
      return reply.status(201).send({ ...result, message: jobsTexts.submitted });
    } finally {
      await upload.cleanup();
    }
  });

  app.get('/api/jobs/inbox', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply, jobsTexts.loginToView);
    return { jobs: await jobs.listJobs({ deps, actor, side: 'inbox' }) };
  });

  app.get('/api/jobs/sent', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    return { jobs: await jobs.listJobs({ deps, actor, side: 'sent' }) };
  });

  app.post('/api/jobs/:id/status', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id } = parse(jobIdParams, request.params);
    const { status } = parse(jobStatusInput, request.body);
    return { job: await jobs.decideJob({ deps, actor, jobId: id, status }), message: jobsTexts.statusChanged(status) };
  });

  app.get('/api/jobs/:id/files/:fileId', async (request, reply) => {
    const actor = await requireViewer(deps, request, reply);
    const { id, fileId } = parse(jobFileParams, request.params);
    const file = await jobs.openJobFile({ deps, actor, jobId: id, fileId });
    return sendAttachment(reply, file);
  });
}
