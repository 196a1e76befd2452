/** The live stream in the route table (api.ts). */
import { z } from 'zod';
import { defineApi, rawResponse } from './api.ts';

export const realtimeApi = defineApi({
  'GET /api/events': {
    caller: 'signedIn',
    summary:
      "The signed-in person's live events (LiveEvent) as Server-Sent Events; resumes after Last-Event-ID (header or query) and ends once signed out",
    // A resume point that is not a number is ignored, as the Last-Event-ID header is.
    query: z.object({ lastEventId: z.string().max(20).optional().catch(undefined) }),
    response: rawResponse(200, 'text/event-stream', 'A stream of events: ready, message, notification, unread and end'),
  },
});
