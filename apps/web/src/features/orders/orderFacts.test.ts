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
  problem: null,
  review: null,
  ...patch,
});
const now = new Date('2026-03-20T10:00:00.000Z');
const movesOf = (detail: OrderDetail) => availableOrderMoves(orderFacts(detail), viewerSide(detail), now);

describe('the moves the order page offers', () => {
  it('offers the seller the payment check, delivery and declining while the payment is only claimed', () => {
    const paid = { status: 'paid', viewerRole: 'seller', paidAt: '2026-03-02T10:00:00.000Z' } as const;
    expect(movesOf(order(paid))).toEqual(['confirm_payment', 'reject_payment', 'decline', 'deliver', 'report_problem']);
    expect(movesOf(order({ ...paid, paymentConfirmedAt: '2026-03-02T11:00:00.000Z' }))).toEqual([
      'deliver',
      'report_problem',
    ]);
  });
  it('counts the revisions left from those allowed and used', () => {
    const delivered = { status: 'delivered', paymentConfirmedAt: '2026-03-02T11:00:00.000Z' } as const;
    expect(movesOf(order({ ...delivered, revisions: { allowed: 2, used: 1 } }))).toEqual([
      'request_changes',
      'complete',
      'report_problem',
    ]);
    expect(movesOf(order({ ...delivered, revisions: { allowed: 1, used: 1 } }))).toEqual([
      'complete',
      'report_problem',
    ]);
  });
  it('passes a declined private job on, which is neither paid for nor delivered', () => {
    const job = { id: 'j', title: 'Poster', budgetPence: null, status: 'declined' } as const;
    expect(movesOf(order({ job }))).toEqual(['cancel']);
  });
  it('offers an admin who is not a party nothing, and a cancelled order no one anything', () => {
    expect(movesOf(order({ viewerRole: 'admin' }))).toEqual([]);
    expect(movesOf(order({ status: 'cancelled', cancelledBy: 'buyer' }))).toEqual([]);
    expect(movesOf(order({ status: 'cancelled', viewerRole: 'seller' }))).toEqual([]);
    expect(movesOf(order({ status: 'paid', viewerRole: 'admin' }))).toEqual([]);
  });
  it('lets either side report a problem up to 14 days after completion, from when it completed', () => {
    const completed = (completedAt: string | null, viewerRole: 'buyer' | 'seller' = 'buyer') =>
      order({ status: 'completed', viewerRole, completedAt });
    expect(movesOf(completed('2026-03-10T10:00:00.000Z'))).toEqual(['report_problem']);
    expect(movesOf(completed('2026-03-10T10:00:00.000Z', 'seller'))).toEqual(['report_problem']);
    expect(movesOf(completed('2026-03-06T10:00:00.000Z'))).toEqual(['report_problem']);
    expect(movesOf(completed('2026-03-06T09:59:59.000Z'))).toEqual([]);
    expect(movesOf(completed(null))).toEqual([]);
  });
  it('offers nothing on a disputed order, to either side', () => {
    const problem = {
      reason: 'not_delivered',
      details: 'Nothing arrived.',
      reportedBy: 'buyer',
      reportedAt: '2026-03-19T10:00:00.000Z',
    } as const;
    expect(movesOf(order({ status: 'disputed', problem }))).toEqual([]);
    expect(movesOf(order({ status: 'disputed', problem, viewerRole: 'seller' }))).toEqual([]);
  });
});
