import { describe, expect, it } from 'vitest';
import { pathOf } from './client.ts';

describe('pathOf', () => {
  it('fills path parameters encoded, and adds only the query values that are set', () => {
    expect(pathOf('GET /api/offers/:id', { params: { id: 'a/b c' } })).toBe('/api/offers/a%2Fb%20c');
    expect(pathOf('GET /api/feed', { query: { q: 'poster art', tag: undefined, cursor: '' } })).toBe(
      '/api/feed?q=poster+art',
    );
    expect(pathOf('GET /api/boosted')).toBe('/api/boosted');
  });
});
