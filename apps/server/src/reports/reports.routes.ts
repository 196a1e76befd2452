/** HTTP for reports: the table (core's reports.ts) checks the caller and the input; each route calls one service verb. */
import { feature } from '../http/declare.ts';
import * as service from './reports.service.ts';

export const reports = feature('reports', ({ deps, route }) => {
  route('POST /api/reports', ({ actor, body }) =>
    service.reportContent({ deps, actor, kind: body.kind, id: body.id, reason: body.reason, note: body.note }),
  );
  route('GET /api/admin/reports', ({ query }) => service.listReportCases({ deps, cursor: query.cursor }));
  route('POST /api/admin/reports/:id/dismiss', ({ actor, params, body }) =>
    service.dismissCase({ deps, actor, id: params.id, note: body?.note }),
  );
  route('POST /api/admin/reports/:id/hide', ({ actor, params, body }) =>
    service.hideReportedOffer({ deps, actor, id: params.id, rule: body.rule, note: body.note }),
  );
});
