import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, ORDER_STATUSES } from '@gigreel/core';
import { jobTone, orderTone, toneClass } from './status.ts';

describe('the status palette', () => {
  it('gives every order status its meaning: awaiting amber, under way blue, done green, ended grey, a problem red', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, orderTone(status)]))).toEqual({
      awaiting_payment: 'awaiting',
      paid: 'progress',
      delivered: 'progress',
      completed: 'done',
      cancelled: 'ended',
      disputed: 'problem',
    });
  });

  it("reads a private job's order as its job: waiting for the designer is awaiting, declined is ended", () => {
    expect(orderTone('awaiting_payment', 'pending')).toBe('awaiting');
    expect(orderTone('cancelled', 'declined')).toBe('ended');
    expect(orderTone('paid', 'accepted')).toBe('progress');
    expect(orderTone('disputed', 'accepted')).toBe('problem');
  });

  it('gives every job status the same meanings as the orders', () => {
    expect(Object.fromEntries(JOB_STATUSES.map((status) => [status, jobTone(status)]))).toEqual({
      pending: 'awaiting',
      accepted: 'progress',
      delivered: 'progress',
      declined: 'ended',
    });
  });

  it('draws each tone in its own colour family', () => {
    expect(toneClass.awaiting).toContain('amber');
    expect(toneClass.progress).toContain('sky');
    expect(toneClass.done).toContain('emerald');
    expect(toneClass.ended).toContain('zinc');
    expect(toneClass.problem).toContain('red');
    expect(new Set(Object.values(toneClass)).size).toBe(5);
  });
});
