import { describe, expect, it } from 'vitest';
import { linkParts } from './format.ts';

describe('links in a message', () => {
  it('cuts http(s) links out of the text, leaving sentence punctuation outside', () => {
    expect(linkParts('See https://example.com/a?b=1. Or http://x.io!')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. Or ' },
      { text: 'http://x.io', href: 'http://x.io' },
      { text: '!' },
    ]);
  });

  it('makes nothing else a link: bare domains, other schemes, an empty scheme', () => {
    for (const text of ['example.com', 'javascript:alert(1)', 'data:text/html,hi', 'https://', 'mailto:a@b.c'])
      expect(linkParts(text)).toEqual([{ text }]);
  });
});
