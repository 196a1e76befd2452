import { describe, expect, it } from 'vitest';
import { blocksTexts } from '@gigreel/core';
import { blockDoneMessage, canBlock } from './block-rules.ts';

describe('canBlock', () => {
  it('lets a signed-in viewer block someone else', () => {
    expect(canBlock('me', 'them')).toBe(true);
  });
  it('never offers it to a visitor, for oneself, or before the person is known', () => {
    expect(canBlock(null, 'them')).toBe(false);
    expect(canBlock(undefined, 'them')).toBe(false);
    expect(canBlock('me', 'me')).toBe(false);
    expect(canBlock('me', '')).toBe(false);
    expect(canBlock('me', null)).toBe(false);
  });
});

describe('blockDoneMessage', () => {
  it("says the server's message", () => {
    expect(blockDoneMessage({ blocked: true, message: 'Ann is blocked.' }, 'Someone')).toBe('Ann is blocked.');
  });
  it('falls back to the shared texts when the server says nothing', () => {
    expect(blockDoneMessage({ blocked: true }, 'Ann')).toBe(blocksTexts.blocked('Ann'));
    expect(blockDoneMessage({ blocked: false, message: '' }, 'Ann')).toBe(blocksTexts.unblocked('Ann'));
  });
});
