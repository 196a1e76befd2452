/**
 * Write-path benchmark: boost toggle, send message, mark paid and post offer (with a small image),
 * each at 50 concurrent connections for the same time as the feed loads, on the largest PostgreSQL
 * database the feed section seeded (reused when both run, else seeded here). Each connection is a
 * different signed-in person; offers are picked at random among those the feed shows.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import postgres from 'postgres';
import sharp from 'sharp';
import type { AutocannonRequest } from 'autocannon';
import { signToken } from '../apps/server/src/auth/signed-cookie.ts';
import { FULL as FEED_FULL, SMOKE as FEED_SMOKE, size } from './feed.ts';
import { describeFailures, runLoad, type LoadResult } from './measure.ts';
import type { BenchSection, Figure, Section, SectionOptions } from './report.ts';
import { createPostgresBenchDatabase, seededUuid, sharedPostgresDatabase, type BenchDatabase } from './seed.ts';
import { signInMany, startServer } from './server.ts';

export type WriteSettings = {
  offers: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  people: number;
  shared: boolean;
  ordersPerPerson: number;
  senders: number;
};

export const FULL: WriteSettings = {
  offers: FEED_FULL.keepSize!,
  connections: FEED_FULL.connections,
  seconds: FEED_FULL.seconds,
  warmupSeconds: FEED_FULL.warmupSeconds,
  people: FEED_FULL.people,
  shared: true,
  ordersPerPerson: 600,
  senders: 3000,
};
export const SMOKE: WriteSettings = {
  offers: 200,
  connections: FEED_SMOKE.connections,
  seconds: FEED_SMOKE.seconds,
  warmupSeconds: FEED_SMOKE.warmupSeconds,
  people: FEED_SMOKE.people,
  shared: false,
  ordersPerPerson: 200,
  senders: 300,
};

export const section: BenchSection = (options) => writesSection(options.smoke ? SMOKE : FULL, options);

/** The seeder's offer id for offer number i (seededUuid in seed.ts). */
export function seededOfferId(i: number): string {
  const hex = createHash('md5').update(`offer${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A random offer the feed shows (approved, with media: see seed.ts). */
function randomVisibleOffer(offers: number): string {
  for (;;) {
    const i = 1 + Math.floor(Math.random() * offers);
    if (i % 20 !== 0 && i % 97 !== 0) return seededOfferId(i);
  }
}

export async function writesSection(settings: WriteSettings, { log }: SectionOptions): Promise<Section> {
  const seedOptions = { offers: settings.offers, people: settings.people, log };
  log(`writes: ${settings.shared ? 'using' : 'seeding'} PostgreSQL with ${size(settings.offers)} offers`);
  const database = settings.shared
    ? await sharedPostgresDatabase(seedOptions)
    : await createPostgresBenchDatabase(seedOptions);
  try {
    return await measureWrites(database, settings, log);
  } finally {
    // The shared database is dropped by run.ts when the run ends.
    if (!settings.shared) await database.drop();
  }
}

async function measureWrites(
  database: BenchDatabase,
  settings: WriteSettings,
  log: (line: string) => void,
): Promise<Section> {
  const label = `${size(settings.offers)} offers`;
  const server = await startServer(database);
  const figures: Figure[] = [];
  try {
    const { base } = server;
    // Twice as many people as connections: an upload's warm-up runs as the second half (see measure).
    const cookies = await signInMany(base, 2 * settings.connections);
    const orders = await createUnpaidOrders(database.url!, settings);
    const image = await sharp({
      create: { width: 360, height: 640, channels: 3, background: { r: 200, g: 60, b: 90 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();

    const headersFor = (index: number, extra: Record<string, string> = {}) => ({
      cookie: cookies[index % cookies.length]!,
      origin: base,
      ...extra,
    });
    const json = (value: unknown) => JSON.stringify(value);
    const measure = async (
      what: string,
      requestsFor: (index: number) => AutocannonRequest[],
      options: { warmUpAsOthers?: boolean } = {},
    ) => {
      const common = {
        url: base,
        connections: settings.connections,
        requests: [{ method: 'GET', path: '/api/health' }],
      };
      // An upload's warm-up runs as other people than the measured run: a warm-up request still on its
      // way when the warm-up stops would otherwise take its person's media slot (one upload at a time
      // per person, platform/media-slots.ts) and have that person's first measured upload refused.
      const warmUpOffset = options.warmUpAsOthers ? settings.connections : 0;
      await runLoad({
        ...common,
        seconds: settings.warmupSeconds,
        setupClient: (client, index) => client.setRequests(requestsFor(index + warmUpOffset)),
      });
      await mediaSlotsFree(database.url!);
      const result = await runLoad({
        ...common,
        seconds: settings.seconds,
        setupClient: (client, index) => client.setRequests(requestsFor(index)),
      });
      log(
        `writes: ${what}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms${describeFailures(result) ? `, failures ${describeFailures(result)}` : ''} (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
      figures.push(...figuresOf(what, label, result));
      return result;
    };

    await measure('Boost toggle', (index) => [
      {
        method: 'POST',
        headers: headersFor(index),
        setupRequest: (request) => ({ ...request, path: `/api/offers/${randomVisibleOffer(settings.offers)}/boost` }),
      },
    ]);

    // A person may send 20 messages a minute, so each connection writes as a different sender every
    // time, from a pool large enough that nobody reaches the limit during the run.
    const senders = await createSessions(
      database.url!,
      settings.senders,
      server.authSecret,
      cookies[0]!.split('=')[0]!,
    );
    await measure('Send message', (index) => {
      let turn = 0;
      return [
        {
          method: 'POST',
          setupRequest: (request) => {
            const cookie = senders[(index + settings.connections * turn++) % senders.length]!;
            return {
              ...request,
              path: '/api/messages',
              headers: { cookie, origin: base, 'content-type': 'application/json' },
              body: json({
                offerId: randomVisibleOffer(settings.offers),
                text: 'Hello! Is this still available next week?',
              }),
            };
          },
        },
      ];
    });

    await measure('Mark paid', (index) => {
      const queue = orders.get(`bench-${index % cookies.length}`) ?? [];
      return [
        {
          method: 'POST',
          headers: headersFor(index),
          // Each order is paid once; a connection that runs out repeats its last one and gets 409s, reported as failures.
          setupRequest: (request) => ({
            ...request,
            path: `/api/orders/${queue.length > 1 ? queue.shift() : queue[0]}/paid`,
          }),
        },
      ];
    });

    await measure(
      'Post offer (360x640 JPEG)',
      (index) => {
        const body = offerForm(index, image);
        return [
          {
            method: 'PUT',
            path: '/api/offers/mine',
            headers: headersFor(index, { 'content-type': `multipart/form-data; boundary=${body.boundary}` }),
            body: body.bytes,
          },
        ];
      },
      { warmUpAsOthers: true },
    );
  } finally {
    await server.stop();
  }
  return {
    title: 'Write paths',
    figures,
    notes: [
      `PostgreSQL with ${size(settings.offers)} offers (the feed section's largest database when both run); ${settings.connections} connections, each a different signed-in person, ${settings.seconds} s per path after ${settings.warmupSeconds} s of warm-up; req/s counts 2xx answers.`,
      'Boost toggle: POST /api/offers/:id/boost without a body on random offers the feed shows (adds or removes the boost, moves boost_count and rank_score in one transaction).',
      `Send message: POST /api/messages to random sellers, each request from the next of ${settings.senders} people whose sessions were written into the database (a person may send 20 a minute). Mark paid: POST /api/orders/:id/paid on orders written beforehand (one move each; the seller's mail goes to DATA_DIR/mail, no SMTP). Post offer: PUT /api/offers/mine with every text field and a 360x640 JPEG (turned into WebP by sharp).`,
    ],
  };
}

function figuresOf(what: string, label: string, result: LoadResult): Figure[] {
  const failed = describeFailures(result);
  return [
    {
      name: `${what}, ${label}${failed ? ` (failures: ${failed})` : ''}`,
      value: Number(result.rps.toFixed(1)),
      unit: 'req/s',
    },
    { name: `${what} p50, ${label}`, value: Number(result.p50.toFixed(2)), unit: 'ms' },
    { name: `${what} p99, ${label}`, value: Number(result.p99.toFixed(2)), unit: 'ms' },
  ];
}

/** Waits (at most 30 s) until no upload holds a media slot. */
async function mediaSlotsFree(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    for (
      const deadline = Date.now() + 30_000;
      Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 100))
    ) {
      const [row] = await sql<{ held: number }[]>`select count(*)::int as held from media_processing`;
      if (row?.held === 0) return;
    }
  } finally {
    await sql.end();
  }
}

/** Unpaid orders of each bench person on paid offers the feed shows, written set-based; buyer -> order ids. */
async function createUnpaidOrders(url: string, settings: WriteSettings): Promise<Map<string, string[]>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // Paid and approved offers are the numbers i = 20m + 5 (see seed.ts).
    const paidOffers = Math.max(1, Math.floor(settings.offers / 20));
    const rows = await sql<{ id: string; buyer_id: string }[]>`
      insert into orders (buyer_id, seller_id, offer_id, title, price_pence, status, paypal_link)
      select 'bench-' || p, 'c' || lpad((20 * m + 5)::text, 7, '0'), ${sql.unsafe(seededUuid('offer', '(20 * m + 5)'))},
        'Order ' || p || '-' || k, 500 + ((20 * m + 5) % 50) * 100, 'awaiting_payment', 'https://www.paypal.com/paypalme/bench'
      from generate_series(0, ${settings.connections - 1}) as p
        cross join generate_series(1, ${settings.ordersPerPerson}) as k
        cross join lateral (select (p * ${settings.ordersPerPerson} + k) % ${paidOffers} as m) as pick
      returning id, buyer_id`;
    const byBuyer = new Map<string, string[]>();
    for (const row of rows) byBuyer.set(row.buyer_id, [...(byBuyer.get(row.buyer_id) ?? []), row.id]);
    return byBuyer;
  } finally {
    await sql.end();
  }
}

/**
 * People with a live session, written straight into the database (signing thousands in over HTTP
 * would measure password hashing): each cookie is the session token signed with the server's
 * secret, exactly what a sign-in sets.
 */
async function createSessions(url: string, count: number, secret: string, cookieName: string): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tag = Math.random().toString(36).slice(2, 8);
    await sql`insert into users (id, display_name, email, email_verified)
      select 'sender-' || ${tag} || '-' || i, 'Sender ' || i, 'sender-' || ${tag} || '-' || i || '@bench.example', true from generate_series(1, ${count}) as i`;
    const rows = await sql<{ token: string }[]>`insert into sessions (id, token, user_id, expires_at)
      select 's-' || ${tag} || '-' || i, 'token-' || ${tag} || '-' || i, 'sender-' || ${tag} || '-' || i, now() + interval '30 minutes'
      from generate_series(1, ${count}) as i returning token`;
    return rows.map((row) => `${cookieName}=${signToken(row.token, secret)}`);
  } finally {
    await sql.end();
  }
}

/** PUT /api/offers/mine's multipart body: the /post form's fields and the image. */
function offerForm(index: number, image: Buffer): { boundary: string; bytes: Buffer } {
  const boundary = `----gigreelbench${index}`;
  const fields: Record<string, string> = {
    title: `Bench offer ${index}`,
    link: 'https://example.com/bench',
    isPaidOffer: 'false',
    price: '',
    paypalLink: '',
    purchaseNote: '',
    tags: 'design, bench',
    description: 'A quick logo for your channel.',
    musicTrackName: '',
    musicCreditLink: '',
  };
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="offer.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { boundary, bytes: Buffer.concat(parts) };
}
