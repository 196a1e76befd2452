/** The service's own routes in the route table (api.ts). */
import { z } from 'zod';
import { defineApi, rawResponse } from './api.ts';

export const systemApi = defineApi({
  'GET /api/health': {
    caller: 'anyone',
    summary: 'Whether the server and its database answer',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  },
  'GET /api/openapi.json': {
    caller: 'anyone',
    summary: 'This document',
    response: rawResponse(200, 'application/json', 'The OpenAPI 3.1 document of the API'),
  },
});
