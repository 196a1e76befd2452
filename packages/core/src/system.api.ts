/** The service's own routes in the route table (api.ts). */
import { z } from 'zod';
import { defineApi, rawResponse } from './api.ts';

export const systemApi = defineApi({
  'GET /api/health': {
    caller: 'anyone',
    summary: 'Whether the process is alive (it asks nothing of the database: see /api/ready)',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  },
  'GET /api/ready': {
    caller: 'anyone',
    summary:
      'Whether this process can serve requests: its database and its file storage answer (503, naming what does not, when not); for a load balancer',
    response: z.object({
      status: z.literal('ready'),
      database: z.enum(['pglite', 'postgres']),
      storage: z.enum(['local', 's3']),
    }),
  },
  'GET /api/openapi.json': {
    caller: 'anyone',
    summary: 'This document',
    response: rawResponse(200, 'application/json', 'The OpenAPI 3.1 document of the API'),
  },
});
