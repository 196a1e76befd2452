import { describe, expect, it } from 'vitest';
import { availableOrderMoves, type OrderDetail } from '@gigreel/core';
import { orderFacts, viewerSide } from './orderFacts.ts';

const order = (patch: Partial<OrderDetail>): OrderDetail => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'awaiting_payment',
  title: 'Logo',
  pricePence: 1250,
  createdAt: '2026-03-01T10:00:00.000Z',
  buyer: { id: 'b', displayName: 'Bo' },
  seller: { id: 's', displayName: 'Sam' },
  jobId: null,
  jobStatus: null,
  viewerRole: 'buyer',
  paypalLink: 'https://pay.example/sam',
  offer: null,
  job: null,
  paidAt: null,
  paymentConfirmedAt: null,
  deliveredAt: null,
  completedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  cancelReason: null,
  revisions: { allowed: 2, used: 0 },
  delivery: null,
  deliveries: [],
  events: [],
  messages: [],
  ...patch,
});
const movesOf = (detail: OrderDetail) => availableOrderMoves(orderFacts(detail), viewerSide(detail));

describe('the moves the order page offers', () => {
  it('offers the seller the payment check, delivery and declining while the payment is only claimed', () => {
    const paid = { status: 'paid', viewerRole: 'seller', paidAt: '2026-03-02T10:00:00.000Z' } as const;
    expect(movesOf(order(paid))).toEqual(['confirm_payment', 'reject_payment', 'decline', 'deliver']);
    expect(movesOf(order({ ...paid, paymentConfirmedAt: '2026-03-02T11:00:00.000Z' }))).toEqual(['deliver']);
  });
  it('counts the revisions left from those allowed and used', () => {
    const delivered = { status: 'delivered', paymentConfirmedAt: '2026-03-02T11:00:00.000Z' } as const;
    expect(movesOf(order({ ...delivered, revisions: { allowed: 2, used: 1 } }))).toEqual([
      'request_changes',
      'complete',
    ]);
    expect(movesOf(order({ ...delivered, revisions: { allowed: 1, used: 1 } }))).toEqual(['complete']);
  });
  it('passes a declined private job on, which is neither paid for nor delivered', () => {
    const job = { id: 'j', title: 'Poster', budgetPence: null, status: 'declined' } as const;
    expect(movesOf(order({ job }))).toEqual(['cancel']);
  });
  it('offers an admin who is not a party nothing, and a cancelled order no one anything', () => {
    expect(movesOf(order({ viewerRole: 'admin' }))).toEqual([]);
    expect(movesOf(order({ status: 'cancelled', cancelledBy: 'buyer' }))).toEqual([]);
    expect(movesOf(order({ status: 'cancelled', viewerRole: 'seller' }))).toEqual([]);
  });
});
