/** HTTP for blocks: the table (core's blocks.ts) checks the caller and the input; each route calls one service verb. */
import { feature } from '../http/declare.ts';
import * as service from './blocks.service.ts';

export const blocks = feature('blocks', ({ deps, route }) => {
  route('GET /api/blocks', ({ actor, query }) => service.listBlockedPeople({ deps, actor, cursor: query.cursor }));
  route('GET /api/blocks/:userId', ({ actor, params }) => service.blockState({ deps, actor, userId: params.userId }));
  route('PUT /api/blocks/:userId', ({ actor, params }) => service.blockPerson({ deps, actor, userId: params.userId }));
  route('DELETE /api/blocks/:userId', ({ actor, params }) =>
    service.unblockPerson({ deps, actor, userId: params.userId }),
  );
});
