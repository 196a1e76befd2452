/** Private jobs in the route table (api.ts). */
import { z } from 'zod';
import { defineApi, rawResponse } from './api.ts';
import {
  jobFileParams,
  jobIdParams,
  jobList,
  jobListQuery,
  jobStatusInput,
  privateJob,
  privateJobFields,
} from './jobs.schemas.ts';
import { jobsTexts } from './jobs.texts.ts';

export const jobsApi = defineApi({
  'POST /api/jobs': {
    caller: 'signedIn',
    signInText: jobsTexts.loginToSubmit,
    summary:
      'Sends a private job to the designer (text fields and up to 10 files "files"); it opens an order awaiting payment',
    form: { fields: privateJobFields, files: ['files'] },
    response: z.object({ job: privateJob, orderId: z.string(), message: z.string() }),
    status: 201,
  },
  'GET /api/jobs/inbox': {
    caller: 'signedIn',
    signInText: jobsTexts.loginToView,
    summary: "One page of the jobs sent to the viewer (30, newest first; cursor: the page before's nextCursor)",
    query: jobListQuery,
    response: jobList,
  },
  'GET /api/jobs/sent': {
    caller: 'signedIn',
    summary: "One page of the jobs the viewer sent (30, newest first; cursor: the page before's nextCursor)",
    query: jobListQuery,
    response: jobList,
  },
  'POST /api/jobs/:id/status': {
    caller: 'signedIn',
    summary: 'The recipient accepts or declines a job; the sender is told',
    params: jobIdParams,
    body: jobStatusInput,
    response: z.object({ job: privateJob, message: z.string() }),
  },
  'GET /api/jobs/:id/files/:fileId': {
    caller: 'signedIn',
    summary: "One of a job's files, for its sender, its recipient and admins",
    params: jobFileParams,
    response: rawResponse(
      200,
      '*/*',
      'The file in its own type, always as an attachment (Content-Disposition: attachment)',
    ),
  },
});
