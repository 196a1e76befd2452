/** HTTP for reports and moderation: the table (core's reports.ts) checks the caller and the input; each route calls one service verb. */
import { feature } from '../http/declare.ts';
import * as moderation from './moderation.service.ts';
import * as service from './reports.service.ts';

export const reports = feature('reports', ({ deps, route }) => {
  route('POST /api/reports', ({ actor, body }) =>
    service.reportContent({ deps, actor, kind: body.kind, id: body.id, reason: body.reason, note: body.note }),
  );
  route('GET /api/admin/reports', ({ query }) => service.listReportCases({ deps, cursor: query.cursor }));
  route('POST /api/admin/reports/:id/dismiss', ({ actor, params, body }) =>
    service.dismissCase({ deps, actor, id: params.id, note: body?.note }),
  );
  route('POST /api/admin/reports/:id/dismiss-similar', ({ actor, params, body }) =>
    moderation.dismissSimilar({ deps, actor, id: params.id, note: body?.note }),
  );
  route('POST /api/admin/reports/:id/hide', ({ actor, params, body }) =>
    moderation.hideReportedOffer({ deps, actor, id: params.id, rule: body.rule, note: body.note }),
  );
  route('POST /api/admin/reports/:id/suspend', ({ actor, params, body }) =>
    moderation.suspendOwner({ deps, actor, id: params.id, rule: body.rule, note: body.note, days: body.days }),
  );
  route('GET /api/appeals/:token', ({ params }) => moderation.getAppeal({ deps, token: params.token }));
  route('POST /api/appeals/:token', ({ params, body }) =>
    moderation.sendAppeal({ deps, token: params.token, text: body.text }),
  );
  route('GET /api/admin/appeals', ({ query }) => moderation.listAppeals({ deps, cursor: query.cursor }));
  route('POST /api/admin/appeals/:id/decide', ({ actor, params, body }) =>
    moderation.decideAppeal({ deps, actor, id: params.id, outcome: body.outcome, note: body.note }),
  );
});
