import { describe, expect, it } from 'vitest';
import { REVIEW_TEXT_MAX, type OrderDetail, type Review } from '@gigreel/core';
import { isEditable, reviewPanel, textCount } from './reviewPanel.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');

const review = (patch: Partial<Review> = {}): Review => ({
  id: 'r1',
  rating: 4,
  text: 'Great work',
  createdAt: '2026-03-05T12:00:00.000Z',
  editableUntil: '2026-03-12T12:00:00.000Z',
  buyerName: 'Bo',
  orderTitle: 'Logo',
  reply: null,
  ...patch,
});

type Facts = Pick<OrderDetail, 'viewerRole' | 'status' | 'review'>;
const order = (patch: Partial<Facts>): Facts => ({ viewerRole: 'buyer', status: 'completed', review: null, ...patch });

describe('isEditable', () => {
  it('is open until editableUntil, and closed from that moment on', () => {
    const until = Date.parse('2026-03-12T12:00:00.000Z');
    expect(isEditable(review(), until - 1)).toBe(true);
    expect(isEditable(review(), until)).toBe(false);
    expect(isEditable(review(), until + 1)).toBe(false);
  });

  it('is closed when the date cannot be read', () => {
    expect(isEditable(review({ editableUntil: 'not a date' }), NOW)).toBe(false);
  });
});

describe('reviewPanel', () => {
  it('offers the buyer of a completed order without a review the form', () => {
    expect(reviewPanel(order({}), NOW)).toEqual({ kind: 'write' });
  });

  it('lets the buyer change their review while it is editable, then only shows it', () => {
    const mine = review();
    expect(reviewPanel(order({ review: mine }), NOW)).toEqual({ kind: 'editable', review: mine });
    const late = Date.parse(mine.editableUntil) + 1;
    expect(reviewPanel(order({ review: mine }), late)).toEqual({ kind: 'show', review: mine });
  });

  it('offers no form on orders that are not completed', () => {
    for (const status of ['awaiting_payment', 'paid', 'delivered', 'cancelled', 'disputed'] as const) {
      expect(reviewPanel(order({ status }), NOW)).toEqual({ kind: 'none' });
      const written = review();
      expect(reviewPanel(order({ status, review: written }), NOW)).toEqual({ kind: 'show', review: written });
    }
  });

  it('offers the seller the reply form until they have replied', () => {
    const open = review();
    expect(reviewPanel(order({ viewerRole: 'seller', review: open }), NOW)).toEqual({ kind: 'reply', review: open });
    const answered = review({ reply: { text: 'Thanks!', at: '2026-03-06T10:00:00.000Z' } });
    expect(reviewPanel(order({ viewerRole: 'seller', review: answered }), NOW)).toEqual({
      kind: 'show',
      review: answered,
    });
    expect(reviewPanel(order({ viewerRole: 'seller' }), NOW)).toEqual({ kind: 'none' });
  });

  it('shows an admin the review, if there is one, and nothing to do', () => {
    const written = review();
    expect(reviewPanel(order({ viewerRole: 'admin', review: written }), NOW)).toEqual({
      kind: 'show',
      review: written,
    });
    expect(reviewPanel(order({ viewerRole: 'admin' }), NOW)).toEqual({ kind: 'none' });
  });
});

describe('textCount', () => {
  it('counts against the review limit', () => {
    expect(textCount(0)).toBe(`0/${REVIEW_TEXT_MAX}`);
    expect(textCount(42)).toBe(`42/${REVIEW_TEXT_MAX}`);
  });
});
