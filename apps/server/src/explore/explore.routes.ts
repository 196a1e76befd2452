/** Explore's popular hashtags, the same for everyone, so shared caches may keep them a minute. */
import { feature } from '../http/declare.ts';
import { popularTagsJson } from './explore.service.ts';

export const explore = feature('explore', ({ deps, route }) => {
  route('GET /api/explore/tags', async ({ reply }) =>
    reply
      .header('cache-control', 'public, max-age=60')
      .type('application/json; charset=utf-8')
      .send(await popularTagsJson({ deps })),
  );
});
