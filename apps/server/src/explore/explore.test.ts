/** Explore's popular hashtags: read from a rollup that the job queue recounts in the background. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopularTag } from '@gigreel/core';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startBackgroundWork } from '../background.ts';
import { refreshPopularTagsRollup } from './explore.queries.ts';
import { POPULAR_TAGS_KEPT_MS, POPULAR_TAGS_RECOUNT_AT_LEAST_EVERY_MS, refreshPopularTags } from './explore.service.ts';
import { seedOffer } from '../offers/offers.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const popularTags = async (): Promise<PopularTag[]> => (await t.client().get('/api/explore/tags')).json().tags;

describe('GET /api/explore/tags', () => {
  it('ranks tags by 2 x boosts + favourites, with offer counts, over visible offers only, once the background job has recounted them', async () => {
    const hot = await seedOffer(t, (await t.createUser()).id, { tags: 'hotTag, shared' });
    const warm = await seedOffer(t, (await t.createUser()).id, { tags: 'warm, SHARED' });
    await seedOffer(t, (await t.createUser()).id, { tags: 'ghost', approved: false });
    const fans = [await t.signedIn(), await t.signedIn()];
    for (const fan of fans) await fan.post(`/api/offers/${hot}/boost`);
    await fans[0]!.post(`/api/offers/${warm}/favorite`);
    // The answer is the rollup's: nothing counted yet, however many offers there are.
    const before = await t.client().get('/api/explore/tags');
    expect(before.headers['cache-control']).toContain('public');
    expect(before.json().tags).toEqual([]);

    const queue = await startBackgroundWork(t.deps);
    try {
      await expect
        .poll(async () => (await popularTags()).find((tag) => tag.name === 'shared'), {
          timeout: 20_000,
          interval: 100,
        })
        .toMatchObject({ offerCount: 2, engagementScore: 5 });
    } finally {
      await queue.stop();
    }
    const tags = await popularTags();
    expect(tags.find((tag) => tag.name === 'hottag')).toMatchObject({ offerCount: 1, engagementScore: 4 });
    expect(tags.find((tag) => tag.name === 'ghost')).toBeUndefined();
    expect(tags.map((tag) => tag.rank)).toEqual(tags.map((_, i) => i + 1));
    const scores = tags.map((tag) => tag.engagementScore);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });

  it('is recounted only when something it counts changed since, or after ten minutes', async () => {
    const offerId = await seedOffer(t, (await t.createUser()).id, { tags: 'quietTag' });
    const recount = () => refreshPopularTags({ deps: t.deps });
    expect(await recount()).toBe(true);
    expect(await recount()).toBe(false);

    await (await t.signedIn()).post(`/api/offers/${offerId}/boost`);
    expect(await recount()).toBe(true);
    expect((await popularTags()).find((tag) => tag.name === 'quiettag')).toMatchObject({ engagementScore: 2 });
    expect(await recount()).toBe(false);

    await seedOffer(t, (await t.createUser()).id, { tags: 'quietTag' });
    expect(await recount()).toBe(true);
    expect((await popularTags()).find((tag) => tag.name === 'quiettag')).toMatchObject({ offerCount: 2 });

    t.clock.advance(POPULAR_TAGS_RECOUNT_AT_LEAST_EVERY_MS - 1);
    expect(await recount()).toBe(false);
    t.clock.advance(1);
    expect(await recount()).toBe(true);
  });

  it('is kept by each process for a few seconds: a recount made by another process shows after them, one made here at once', async () => {
    const offerId = await seedOffer(t, (await t.createUser()).id, { tags: 'keptTag' });
    await refreshPopularTags({ deps: t.deps });
    const score = async () => (await popularTags()).find((tag) => tag.name === 'kepttag')?.engagementScore;
    expect(await score()).toBe(0);

    await (await t.signedIn()).post(`/api/offers/${offerId}/boost`);
    await refreshPopularTagsRollup(t.deps.database.db); // as another process's job would
    expect(await score()).toBe(0);
    t.clock.advance(POPULAR_TAGS_KEPT_MS);
    expect(await score()).toBe(2);

    await (await t.signedIn()).post(`/api/offers/${offerId}/favorite`);
    expect(await refreshPopularTags({ deps: t.deps })).toBe(true);
    expect(await score()).toBe(3);
  });
});
