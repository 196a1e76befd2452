/**
 * "Download my data": one JSON file of what the person has on GigReel, written as it is read. Each
 * list comes a page at a time (data-export.queries.ts) and each page is turned into text and sent
 * before the next is read, so a person with a hundred thousand messages costs the server one page of
 * memory, never the whole file. Other people appear by id and display name only.
 */
import { Readable } from 'node:stream';
import { orderMessageText, type ApiRouteName } from '@gigreel/core';
import type { Db } from '../db/connection.ts';
import type { AppDeps } from '../deps.ts';
import { mediaUrlFor } from '../offers/index.ts';
import type { SessionViewer } from '../auth/index.ts';
import { assertOwnSession } from './account.policy.ts';
import * as q from './data-export.queries.ts';

const PAGE = 500;
/** Orders and jobs come with what belongs to them, so their pages are smaller. */
const ORDER_PAGE = 200;

/** The route it is served from, named in the file so a reader knows where it came from. */
const SOURCE: ApiRouteName = 'GET /api/account/export';

type Page<T> = (cursor: q.ExportCursor | null) => Promise<T[]>;

/** Every row of a keyset list, page by page: a page shorter than `size` is the last. */
async function* pages<T extends { id: string; cursorAt: string }>(read: Page<T>, size: number): AsyncGenerator<T[]> {
  let cursor: q.ExportCursor | null = null;
  for (;;) {
    const rows = await read(cursor);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < size || !last) return;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/** `"name": [ ... ]` of a list written page by page, one item a line. */
async function* list(name: string, batches: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  yield `,\n${JSON.stringify(name)}: [`;
  let first = true;
  for await (const batch of batches) {
    yield `${first ? '\n' : ',\n'}${batch.map((item) => JSON.stringify(item)).join(',\n')}`;
    first = false;
  }
  yield first ? ']' : '\n]';
}

const person = (row: { withId: string | null; withName: string | null }) =>
  row.withId ? { id: row.withId, displayName: row.withName } : null;
const iso = (date: Date | null) => date?.toISOString() ?? null;

async function* messages(db: Db, userId: string): AsyncGenerator<unknown[]> {
  for (const side of ['sender', 'receiver'] as const)
    for await (const batch of pages((cursor) => q.readMessages(db, userId, side, cursor, PAGE), PAGE))
      yield batch.map((row) => ({
        id: row.id,
        direction: side === 'sender' ? 'sent' : 'received',
        // null: the other person's account was deleted ("Unknown")
        with: person(row),
        about: row.offerTitle,
        message: row.message,
        sentAt: iso(row.createdAt),
        readAt: iso(row.readAt),
      }));
}

async function* ordersAs(db: Db, userId: string, role: 'buyer' | 'seller'): AsyncGenerator<unknown[]> {
  for await (const batch of pages((cursor) => q.readOrders(db, userId, role, cursor, ORDER_PAGE), ORDER_PAGE)) {
    const details = await q.readOrderDetails(
      db,
      batch.map((order) => order.id),
    );
    yield batch.map((order) => {
      const mine = <T extends { orderId: string }>(rows: T[]) => rows.filter((row) => row.orderId === order.id);
      const review = mine(details.reviews)[0];
      return {
        id: order.id,
        role,
        title: order.title,
        price: order.pricePence === null ? null : { pence: order.pricePence, currency: order.currency },
        status: order.status,
        [role === 'buyer' ? 'seller' : 'buyer']: person(order),
        offerId: order.offerId,
        privateJobId: order.privateJobId,
        paymentLink: order.paymentLink,
        createdAt: iso(order.createdAt),
        paidAt: iso(order.paidAt),
        paymentConfirmedAt: iso(order.paymentConfirmedAt),
        deliveredAt: iso(order.deliveredAt),
        completedAt: iso(order.completedAt),
        cancelledAt: iso(order.cancelledAt),
        cancelledBy: order.cancelledBy,
        cancelReason: order.cancelReason,
        deliveryMessage: order.deliveryMessage,
        revisionsAllowed: order.revisionsAllowed,
        revisionsUsed: order.revisionsUsed,
        history: mine(details.events).map((event) => ({
          move: event.kind,
          by: event.by,
          note: event.note,
          at: iso(event.at),
        })),
        messages: mine(details.messages).map((message) => ({
          from: message.from,
          message: message.body ?? orderMessageText(message.messageKey ?? ''),
          at: iso(message.at),
        })),
        deliveredFiles: mine(details.deliveries).map((file) => ({
          fileName: file.fileName,
          deliveredAt: iso(file.deliveredAt),
        })),
        review: review
          ? {
              rating: review.rating,
              text: review.text,
              writtenAt: iso(review.createdAt),
              changedAt: iso(review.updatedAt),
              sellerReply: review.reply,
              repliedAt: iso(review.repliedAt),
            }
          : null,
      };
    });
  }
}

async function* jobs(db: Db, userId: string, side: 'from' | 'to'): AsyncGenerator<unknown[]> {
  for await (const batch of pages((cursor) => q.readJobs(db, userId, side, cursor, ORDER_PAGE), ORDER_PAGE)) {
    const files = await q.readJobFiles(
      db,
      batch.map((job) => job.id),
    );
    yield batch.map((job) => ({
      id: job.id,
      title: job.title,
      description: job.description,
      deliveryTime: job.deliveryTime,
      budgetPence: job.budgetPence,
      status: job.status,
      [side === 'from' ? 'sentTo' : 'sentBy']: person(job),
      sentAt: iso(job.createdAt),
      files: files
        .filter((file) => file.jobId === job.id)
        .map((file) => ({ fileName: file.fileName, sizeBytes: file.sizeBytes })),
    }));
  }
}

async function* saved(db: Db, userId: string): AsyncGenerator<unknown[]> {
  for await (const batch of pages((cursor) => q.readSaved(db, userId, cursor, PAGE), PAGE))
    yield batch.map((row) => ({ offerId: row.id, title: row.title, savedAt: iso(row.savedAt) }));
}

/** The person's data as a stream of JSON text; the first statement runs when the download starts. */
export function exportOwnData({ deps, actor }: { deps: AppDeps; actor: SessionViewer }): Readable {
  assertOwnSession(actor);
  const { db } = deps.database;
  const userId = actor.id;
  async function* file(): AsyncGenerator<string> {
    const [profile, offer] = await Promise.all([q.readProfile(db, userId), q.readOffer(db, userId)]);
    const head = {
      about: `Your GigReel data, as ${SOURCE} gave it. Other people appear by id and display name only; null means their account was deleted.`,
      exportedAt: deps.clock.now().toISOString(),
      profile: profile && { ...profile, joinedAt: iso(profile.joinedAt) },
      offer: offer && {
        ...offer,
        mediaKey: undefined,
        posterKey: undefined,
        mediaUrl: mediaUrlFor(offer.mediaKey) || null,
        posterUrl: offer.posterKey ? mediaUrlFor(offer.posterKey) : null,
        createdAt: iso(offer.createdAt),
        updatedAt: iso(offer.updatedAt),
      },
    };
    const text = JSON.stringify(head, null, 1);
    // the head's closing brace stays open for the lists
    yield text.slice(0, text.lastIndexOf('}')).trimEnd();
    yield* list('messages', messages(db, userId));
    yield* list('ordersAsBuyer', ordersAs(db, userId, 'buyer'));
    yield* list('ordersAsSeller', ordersAs(db, userId, 'seller'));
    yield* list('privateJobsSent', jobs(db, userId, 'from'));
    yield* list('privateJobsReceived', jobs(db, userId, 'to'));
    yield* list('savedOffers', saved(db, userId));
    yield '\n}\n';
  }
  return Readable.from(file(), { objectMode: false });
}
