/** HTTP for the own account (core's account.ts): the table checks the caller and the input; each route calls one verb. */
import { authHeaders, forwardCookies, loadViewer } from '../auth/index.ts';
import { feature } from '../http/declare.ts';
import * as service from './account.service.ts';
import { exportOwnData } from './data-export.ts';

export const account = feature('account', ({ deps, route }) => {
  route('GET /api/account', ({ actor, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return service.getAccount({ deps, actor });
  });

  route('POST /api/account/password', ({ actor, body, request }) =>
    service.changePassword({ deps, actor, input: body, ipAddress: request.ip }),
  );

  route('POST /api/account/email', ({ actor, body, request }) =>
    service.requestEmailChange({ deps, actor, input: body, ipAddress: request.ip }),
  );

  route('DELETE /api/account/email', ({ actor }) => service.cancelEmailChange({ deps, actor }));

  route('GET /api/account/email/confirm', async ({ request, reply, query }) => {
    const viewer = await loadViewer(deps, request, reply);
    const location = await service.confirmEmailChange({
      deps,
      token: query.token ?? null,
      viewerId: viewer?.id ?? null,
    });
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  route('GET /api/account/sessions', ({ actor, reply }) => {
    reply.header('cache-control', 'private, no-store');
    return service.listDevices({ deps, actor });
  });

  route('DELETE /api/account/sessions/:id', ({ actor, params }) =>
    service.endDevice({ deps, actor, sessionId: params.id }),
  );

  route('POST /api/account/sessions/sign-out-others', ({ actor }) => service.endOtherDevices({ deps, actor }));

  route('GET /api/account/export', ({ actor, reply }) => {
    const stream = exportOwnData({ deps, actor });
    const day = deps.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="gigreel-data-${day}.json"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  route('DELETE /api/account', async ({ actor, body, request, reply }) => {
    const result = await service.deleteOwnAccount({ deps, actor, password: body.password, ipAddress: request.ip });
    // The session went with the account; this clears its cookie.
    const { headers } = await deps.auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    forwardCookies(reply, headers);
    return result;
  });
});
