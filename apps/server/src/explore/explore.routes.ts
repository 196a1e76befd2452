/** Explore's popular hashtags, the same for everyone, so shared caches may keep them a minute. */
import { feature } from '../http/declare.ts';
import { getPopularTags } from './explore.service.ts';

export const explore = feature('explore', ({ deps, route }) => {
  route('GET /api/explore/tags', ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return getPopularTags({ deps });
  });
});
