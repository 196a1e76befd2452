/** The admin dashboard in the route table (api.ts); its shapes are in admin.contract.ts. */
import { defineApi, rawResponse } from './api.ts';
import {
  adminAnalytics,
  adminCreator,
  adminDashboard,
  adminGig,
  adminMessagesPage,
  adminNotice,
  adminPageOf,
  auditEntry,
  exportCounts,
  impersonationStopped,
  savedCreator,
  savedGig,
  selfTestResult,
} from './admin.contract.ts';
import {
  adminCreatorsQuerySchema,
  adminIdParams,
  adminPageQuerySchema,
  adminUserIdParams,
  analyticsQuerySchema,
  approveGigSchema,
  creatorFormSchema,
  exportTableParams,
  gigFormSchema,
  selfTestFields,
} from './admin.schemas.ts';
import { offerIdParams } from './offers.schemas.ts';

export const adminApi = defineApi({
  'GET /api/admin/dashboard': {
    caller: 'admin',
    summary: 'The stat cards and the diagnostics card',
    response: adminDashboard,
  },
  'GET /api/admin/creators': {
    caller: 'admin',
    summary:
      'Creators (everyone but admins), newest first; q searches name and email, withoutOffer=1 leaves out those with an offer',
    query: adminCreatorsQuerySchema,
    response: adminPageOf(adminCreator),
  },
  'POST /api/admin/creators': {
    caller: 'admin',
    summary: 'Create a creator (without a password; without an email they have no login)',
    body: creatorFormSchema,
    response: savedCreator,
    status: 201,
  },
  'PATCH /api/admin/creators/:id': {
    caller: 'admin',
    summary: "Edit a creator's profile; a blank email keeps the current one",
    params: adminIdParams,
    body: creatorFormSchema,
    response: savedCreator,
  },
  'DELETE /api/admin/creators/:id': {
    caller: 'admin',
    summary: 'Delete a creator and their offer; their orders and messages stay, shown as "Unknown"',
    params: adminIdParams,
    response: adminNotice,
  },
  'GET /api/admin/gigs': {
    caller: 'admin',
    summary: 'Every gig, newest first',
    query: adminPageQuerySchema,
    response: adminPageOf(adminGig),
  },
  'POST /api/admin/gigs': {
    caller: 'admin',
    summary: 'Create an approved gig for a creator who has none (text fields and an optional image or video "media")',
    form: { fields: gigFormSchema, files: ['media'] },
    response: savedGig,
    status: 201,
  },
  'PATCH /api/admin/gigs/:id': {
    caller: 'admin',
    summary: 'Edit any gig (text fields and an optional new "media"); its approval stays as it is',
    params: adminIdParams,
    form: { fields: gigFormSchema, files: ['media'] },
    response: savedGig,
  },
  'DELETE /api/admin/gigs/:id': {
    caller: 'admin',
    summary: 'Delete a gig and its media',
    params: adminIdParams,
    response: adminNotice,
  },
  'POST /api/admin/offers/:id/approve': {
    caller: 'admin',
    summary: 'Approve the version of the offer the admin reviewed; 409 offer_changed when it was edited since',
    params: offerIdParams,
    body: approveGigSchema,
    response: savedGig,
  },
  'GET /api/admin/messages': {
    caller: 'admin',
    summary: 'Every message between people, newest first, with their total',
    query: adminPageQuerySchema,
    response: adminMessagesPage,
  },
  'GET /api/admin/analytics': {
    caller: 'admin',
    summary: 'Revenue, commission, orders by status, top creators and revenue per day or week',
    query: analyticsQuerySchema,
    response: adminAnalytics,
  },
  'GET /api/admin/export/:table': {
    caller: 'admin',
    summary: 'A table as CSV, newest first, streamed as a download',
    params: exportTableParams,
    response: rawResponse(200, 'text/csv', 'The table as CSV (UTF-8 with a byte-order mark)'),
  },
  'GET /api/admin/export-counts': {
    caller: 'admin',
    summary: 'How many rows each export holds',
    response: exportCounts,
  },
  'POST /api/admin/self-test': {
    caller: 'admin',
    summary: 'Store the uploaded "media", create a gig with it, check both, then remove them',
    form: { fields: selfTestFields, files: ['media'] },
    response: selfTestResult,
  },
  'POST /api/admin/impersonate/:userId': {
    caller: 'admin',
    summary: "Use GigReel as a creator: sets that creator's session cookie, keeping the admin's own to restore",
    params: adminUserIdParams,
    response: adminNotice,
  },
  'POST /api/admin/impersonation/stop': {
    caller: 'signedIn',
    summary: "End the impersonating session and restore the admin's own (the impersonating session only)",
    response: impersonationStopped,
  },
  'GET /api/admin/audit-log': {
    caller: 'admin',
    summary: 'What admins did, as whom, to what, and the answer; newest first',
    query: adminPageQuerySchema,
    response: adminPageOf(auditEntry),
  },
});
