import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasMaliciousContent, isSafeUrl, normalizeLink, sanitizeText } from './sanitize.ts';

describe('sanitizeText (SPEC 5: all HTML tags stripped, text kept, trimmed)', () => {
  it.each([
    ['<b>hi</b>', 'hi'],
    ['  padded  ', 'padded'],
    ['<p>Hello <em>there</em></p>', 'Hello there'],
    ['<img src=x onerror=alert(1)>Eve', 'Eve'],
    ['<script>alert(1)</script>Bob', 'Bob'],
    ['<SCRIPT type="text/javascript">steal()</SCRIPT >Bob', 'Bob'],
    ['<style>body{display:none}</style>Ann', 'Ann'],
    ['a <!-- hidden --> b', 'a  b'],
    ['"><svg/onload=alert(1)>x', '">x'],
    ['5 < 6 and 7 > 3', '5 < 6 and 7 > 3'],
    ['Tom & Jerry', 'Tom & Jerry'],
    ["Robert'); DROP TABLE users;--", "Robert'); DROP TABLE users;--"],
    ['line one\nline two', 'line one\nline two'],
    ['nul\u0000byte\u0007', 'nulbyte'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it('leaves no tag behind when removing one joins the halves of another', () => {
    expect(sanitizeText('<<b>script>alert(1)<</b>/script>')).not.toMatch(/<[a-z!/?]/i);
    expect(sanitizeText('<scr<script>ipt>x')).not.toMatch(/<[a-z!/?]/i);
    expect(sanitizeText('<<<b>b>b>Hi')).toBe('Hi');
    const deep = sanitizeText(`${'<'.repeat(50)}${'b>'.repeat(50)}Hi`);
    expect(deep).not.toMatch(/<[a-z!/?]/i);
    expect(deep.endsWith('Hi')).toBe(true);
  });

  it('keeps the text of an unclosed script tag but never the tag', () => {
    expect(sanitizeText('<script>no end')).toBe('no end');
  });

  it('never returns markup or control characters, whatever the input (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('<', '>', '/', 'a', 's', 'c', 'r', 'i', 'p', 't', ' ', '!', '\u0000', 'x') }),
        (input) => {
          const output = sanitizeText(input);
          expect(output).not.toMatch(/<[a-z!/?]/i);
          expect(output).not.toMatch(/[\u0000-\u0008]/);
          expect(output).toBe(output.trim());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays fast on hostile input the size of the body limit', () => {
    const hostile = [
      '<script>'.repeat(8000),
      '<a'.repeat(32000),
      `<${' '.repeat(60000)}`,
      '<<'.repeat(30000) + 'b>'.repeat(1000),
    ];
    const started = performance.now();
    for (const input of hostile) sanitizeText(input);
    for (const input of hostile) hasMaliciousContent(input);
    for (const input of hostile) isSafeUrl(input, 100_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('isSafeUrl (SPEC 5 URL check)', () => {
  it.each([
    'https://example.com',
    'http://example.com/a?b=c#d',
    'example.com/page',
    'data:image/png;base64,iVBORw0KGgo=',
    'https://paypal.me/maya',
  ])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['over 1000 characters', `https://example.com/${'a'.repeat(990)}`],
    ['a non-image data: URL', 'data:text/html;base64,PHNjcmlwdD4='],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JaVaScRiPt:alert(1)'],
    ['javascript: split by a tab or newline', 'java\tscript:alert(1)'],
    ['javascript: behind leading spaces', '  \u0001javascript:alert(1)'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://example.com/file'],
    ['a script tag', 'https://x.com/<script>alert(1)</script>'],
    ['an iframe tag', 'https://x.com/<iframe src=x>'],
    ['an object tag', 'https://x.com/<object data=x>'],
    ['an embed tag', 'https://x.com/<embed src=x>'],
    ['a link tag', 'https://x.com/<link rel=import>'],
    ['a meta tag', 'https://x.com/< meta http-equiv=refresh>'],
    ['an inline event handler', 'https://x.com/" onmouseover="alert(1)'],
    ['eval(', 'https://x.com/?q=eval(atob(1))'],
    ['Function(', 'https://x.com/?q=Function("x")()'],
    ['setTimeout(', 'https://x.com/?q=setTimeout (x)'],
    ['setInterval(', 'https://x.com/?q=setInterval(x)'],
  ])('rejects %s', (_label, url) => {
    expect(isSafeUrl(url)).toBe(false);
  });

  it('accepts exactly 1000 characters', () => {
    const url = `https://example.com/${'a'.repeat(1000 - 'https://example.com/'.length)}`;
    expect(url).toHaveLength(1000);
    expect(isSafeUrl(url)).toBe(true);
  });
});

describe('hasMaliciousContent', () => {
  it.each(['<script>x</script>', '</SCRIPT>', 'hi <iframe>', 'x onload = y', 'eval(1)', 'go to javascript:void(0)'])(
    'flags %j',
    (text) => {
      expect(hasMaliciousContent(text)).toBe(true);
    },
  );
  it.each(['Hello, is this still available?', 'I love JavaScript', 'function words are fine', '5 < 6'])(
    'passes %j',
    (text) => {
      expect(hasMaliciousContent(text)).toBe(false);
    },
  );
});

describe('normalizeLink', () => {
  it('adds https:// when the scheme is missing', () => {
    expect(normalizeLink('example.com/shop')).toEqual({ ok: true, url: 'https://example.com/shop' });
  });
  it('keeps http and https links', () => {
    expect(normalizeLink('http://example.com')).toEqual({ ok: true, url: 'http://example.com/' });
  });
  it('refuses other schemes and unsafe links with "Invalid link"', () => {
    expect(normalizeLink('javascript:alert(1)')).toEqual({ ok: false, message: 'Invalid link' });
    expect(normalizeLink('mailto://a@b.com')).toEqual({ ok: false, message: 'Invalid link' });
    expect(normalizeLink('')).toEqual({ ok: false, message: 'Invalid link' });
  });
  it('asks for a valid domain when the host has no dot', () => {
    expect(normalizeLink('mysite')).toEqual({ ok: false, message: 'Please enter a valid domain (e.g., mysite.com)' });
  });
  it('builds the example from what was typed, never URL-encoded, and adds .com only where it has no ending', () => {
    const hint = (typed: string) => normalizeLink(typed) as { ok: false; message: string };
    expect(hint('not a link.com').message).toBe('Please enter a valid domain (e.g., notalink.com)');
    expect(hint('https://my shop/page?x=1').message).toBe('Please enter a valid domain (e.g., myshop.com)');
    expect(hint('My Site').message).toBe('Please enter a valid domain (e.g., mysite.com)');
    expect(hint('shop_name').message).toBe('Please enter a valid domain (e.g., shopname.com)');
    expect(hint('...').message).toBe('Please enter a valid domain (e.g., example.com)');
    for (const typed of ['not a link.com', 'a b', 'x y.com/path']) expect(hint(typed).message).not.toContain('%');
  });
});
