/** HTTP for follows: the table (core's follows.ts) checks the caller and the input; each route calls one service verb. */
import { feature } from '../http/declare.ts';
import * as service from './follows.service.ts';

export const follows = feature('follows', ({ deps, route }) => {
  route('PUT /api/follows/:userId', ({ actor, params }) =>
    service.followCreator({ deps, actor, userId: params.userId }),
  );
  route('DELETE /api/follows/:userId', ({ actor, params }) =>
    service.unfollowCreator({ deps, actor, userId: params.userId }),
  );
});
