import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidMessage, messageTextSchema, sendMessageInput } from './messages.schemas.ts';
import { texts } from './texts.ts';
import { isFreshAccount } from './constants.ts';

const body = texts.validation.invalidMessageBody;
const errorOf = (input: unknown) => {
  const result = messageTextSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('message text', () => {
  it('accepts 1 to 1000 characters after sanitising, trimmed', () => {
    expect(messageTextSchema.parse('  hello  ')).toBe('hello');
    expect(messageTextSchema.parse('a')).toBe('a');
    expect(messageTextSchema.parse('x'.repeat(1000))).toHaveLength(1000);
    expect(messageTextSchema.parse('<b>bold</b> move')).toBe('bold move');
    expect(messageTextSchema.parse('5 < 6 & 7 > 3')).toBe('5 < 6 & 7 > 3');
  });

  it('refuses empty, too long and malicious text with the SPEC text', () => {
    for (const input of [
      '',
      '   ',
      '<p></p>',
      'x'.repeat(1001),
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'javascript:alert(1)',
      'eval(document.cookie)',
      '<iframe src="https://evil.example"></iframe>',
      42,
      null,
    ]) {
      expect(errorOf(input), String(input)).toBe(body);
    }
  });

  it('never lets markup through (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1200 }), (raw) => {
        const result = messageTextSchema.safeParse(raw);
        if (!result.success) return;
        expect(result.data.length).toBeGreaterThan(0);
        expect(result.data.length).toBeLessThanOrEqual(1000);
        expect(/<\s*script/i.test(result.data)).toBe(false);
      }),
    );
  });

  it('isValidMessage mirrors the schema', () => {
    expect(isValidMessage('hi')).toBe(true);
    expect(isValidMessage(' ')).toBe(false);
  });

  it('the send input needs an offer id and nothing else', () => {
    expect(sendMessageInput.safeParse({ offerId: 'nope', text: 'hi' }).success).toBe(false);
    expect(
      sendMessageInput.safeParse({ offerId: '5f0c6f1e-1d3c-4d55-9c5b-6f0a3b2c1d4e', text: 'hi', receiverId: 'x' })
        .success,
    ).toBe(false);
    expect(sendMessageInput.parse({ offerId: '5f0c6f1e-1d3c-4d55-9c5b-6f0a3b2c1d4e', text: ' hi ' })).toEqual({
      offerId: '5f0c6f1e-1d3c-4d55-9c5b-6f0a3b2c1d4e',
      text: 'hi',
    });
  });
});

describe('fresh accounts', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
  it('are younger than a day, or not verified however old', () => {
    expect(isFreshAccount({ createdAt: hoursAgo(23.9), emailVerified: true }, now)).toBe(true);
    expect(isFreshAccount({ createdAt: hoursAgo(24), emailVerified: true }, now)).toBe(false);
    expect(isFreshAccount({ createdAt: hoursAgo(24 * 40), emailVerified: false }, now)).toBe(true);
  });
});
