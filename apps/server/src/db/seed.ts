/**
 * Demo data for a fresh embedded database (and `npm run seed`): an admin, the designer and creators
 * with approved offers whose media live in apps/server/seed-media, so a newcomer sees a living feed.
 * Never runs with NODE_ENV=production (config.seedDemo is false there).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { NO_PROOF, offerFields, rankScore, REACTIONS } from '@gigreel/core';
import { react, toggleBoost, toggleFavorite } from '../engagement/index.ts';
import { markApproved, replaceOfferTags, writeOwnOffer } from '../offers/index.ts';
import type { AppDeps } from '../deps.ts';
import { isLoopbackHost } from '../config.ts';
import { accounts, userRoles, users } from './schema.ts';

export const DEMO_PASSWORD = 'GigReel-demo1';
const MEDIA_DIR = path.resolve(import.meta.dirname, '../../seed-media');

type DemoCreator = {
  name: string;
  email: string;
  bio: string;
  offer: {
    title: string;
    media: string;
    poster?: string;
    link: string;
    pricePence?: number;
    tags: string[];
    description: string;
    music?: string;
  };
};

export const DEMO_CREATORS: DemoCreator[] = [
  {
    name: 'Maya Patel',
    email: 'maya@example.com',
    bio: 'Brand designer. Logos that last.',
    offer: {
      title: 'A logo for your brand in 48 hours',
      media: 'logo-design.mp4',
      poster: 'logo-design.poster.jpg',
      link: '',
      pricePence: 4500,
      tags: ['design', 'logo', 'branding'],
      description: 'Three concepts, two rounds of revisions, every file format you need.',
      music: 'Sunrise Lo-fi',
    },
  },
  {
    name: 'Leo Carter',
    email: 'leo@example.com',
    bio: 'Producer and beat maker from Leeds.',
    offer: {
      title: 'Custom beats for your next reel',
      media: 'beat-making.mp4',
      poster: 'beat-making.poster.jpg',
      link: 'https://example.com/leo-beats',
      tags: ['music', 'beats'],
      description: 'Royalty-free beats made for short video.',
      music: 'Leo Carter - Night Drive',
    },
  },
  {
    name: 'Ava Nguyen',
    email: 'ava@example.com',
    bio: 'Video editor for creators who post daily.',
    offer: {
      title: 'Reels edited so they pop',
      media: 'video-edit.mp4',
      poster: 'video-edit.poster.jpg',
      link: '',
      pricePence: 2500,
      tags: ['video', 'editing', 'reels'],
      description: 'Send raw clips, get back a captioned, cut and coloured reel.',
    },
  },
  {
    name: 'Sam Okafor',
    email: 'sam@example.com',
    bio: 'Personal trainer, online coaching.',
    offer: {
      title: 'A 4-week home fitness plan',
      media: 'fitness-plan.mp4',
      poster: 'fitness-plan.poster.jpg',
      link: 'https://example.com/sam-fit',
      tags: ['fitness', 'health'],
      description: 'A plan built around your week and your kit.',
    },
  },
  {
    name: 'Zoe Martin',
    email: 'zoe@example.com',
    bio: 'Portrait photographer in London.',
    offer: {
      title: 'Portrait session in London',
      media: 'portrait-photos.jpg',
      link: '',
      pricePence: 12000,
      tags: ['photography', 'portraits'],
      description: 'One hour, two looks, twenty edited photos.',
    },
  },
  {
    name: 'Kai Jensen',
    email: 'kai@example.com',
    bio: 'Web developer who likes fast sites.',
    offer: {
      title: 'A website audit that finds quick wins',
      media: 'web-audit.jpg',
      link: 'https://example.com/kai-audit',
      tags: ['web', 'design', 'seo'],
      description: 'Speed, accessibility and SEO, in a one-page report.',
    },
  },
  {
    name: 'Ivy Brooks',
    email: 'ivy@example.com',
    bio: 'Illustrator. Pets are my favourite clients.',
    offer: {
      title: 'Hand-drawn pet portraits',
      media: 'illustration.jpg',
      link: '',
      pricePence: 3000,
      tags: ['illustration', 'art', 'pets'],
      description: 'Send a photo of your pet, get a framed-ready portrait.',
    },
  },
];

/** The server refuses to start this way; main.ts prints the message alone. */
export class UnsafeDemoError extends Error {}

/**
 * Demo accounts share the password printed in the README and the log, so they are for trying GigReel
 * on one's own machine. Listening on an address other machines reach, the server refuses to start
 * when it would create them or when any of them still has that password, unless SEED_DEMO=always
 * says it is on purpose.
 */
export async function refuseExposedDemo(deps: AppDeps): Promise<void> {
  const { config } = deps;
  if (isLoopbackHost(config.host) || config.demoOnPublicAddress) return;
  const [row] = await deps.database.db.select({ n: count() }).from(users);
  const wouldSeed = config.seedDemo && (row?.n ?? 0) === 0;
  const exposed = wouldSeed ? [] : await demoAccountsWithDemoPassword(deps);
  if (!wouldSeed && exposed.length === 0) return;
  const what = wouldSeed
    ? 'it would create the demo accounts'
    : `demo accounts still have the published password (${exposed.join(', ')})`;
  throw new UnsafeDemoError(
    `Refusing to start: ${what}, and HOST=${config.host} can be reached from other machines.\n` +
      `  Listen on this machine only (HOST=127.0.0.1), ${wouldSeed ? 'turn the demo off (SEED_DEMO=never)' : 'change or remove those accounts'},` +
      ' or set SEED_DEMO=always to serve the demo on this address on purpose.',
  );
}

/** Demo accounts whose password is still DEMO_PASSWORD. */
async function demoAccountsWithDemoPassword(deps: AppDeps): Promise<string[]> {
  const emails = [
    'admin@example.com',
    deps.config.designerEmail ?? 'designer@example.com',
    ...DEMO_CREATORS.map((creator) => creator.email),
  ];
  const rows = await deps.database.db
    .select({ email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(inArray(users.email, emails));
  const open: string[] = [];
  for (const { email, hash } of rows)
    if (hash && (await verifyPassword({ hash, password: DEMO_PASSWORD }))) open.push(email);
  return open.sort();
}

export async function seedDemoIfEmpty(deps: AppDeps): Promise<boolean> {
  const [row] = await deps.database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(deps);
  deps.log.info(
    `demo data created: sign in as admin@example.com, designer@example.com or maya@example.com with password ${DEMO_PASSWORD}`,
  );
  return true;
}

async function seedDemo(deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = deps.clock.now();
  const makeUser = async (name: string, email: string, bio: string | null) => {
    const id = crypto.randomUUID().replace(/-/g, '');
    await db
      .insert(users)
      .values({ id, name, email, emailVerified: true, bio, createdAt: new Date(now.getTime() - 40 * 86400_000) });
    await db
      .insert(accounts)
      .values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    return id;
  };
  const adminId = await makeUser('GigReel Admin', 'admin@example.com', null);
  await db.insert(userRoles).values({ userId: adminId, role: 'admin' });
  await makeUser(
    'Dana the Designer',
    deps.config.designerEmail ?? 'designer@example.com',
    'In-house designer: send me a private job.',
  );
  await db
    .update(users)
    .set({ paypalLink: 'https://www.paypal.com/paypalme/gigreeldesign' })
    .where(eq(users.email, deps.config.designerEmail ?? 'designer@example.com'));

  const creatorIds: string[] = [];
  const offerIds: string[] = [];
  for (const [index, creator] of DEMO_CREATORS.entries()) {
    const userId = await makeUser(creator.name, creator.email, creator.bio);
    creatorIds.push(userId);
    const stamp = now.getTime() - index * 3_600_000;
    const ext = path.extname(creator.offer.media).slice(1);
    const mediaKey = `offers/${userId}/${stamp}.${ext}`;
    await deps.storage.put(
      mediaKey,
      await readFile(path.join(MEDIA_DIR, creator.offer.media)),
      ext === 'mp4' ? 'video/mp4' : 'image/jpeg',
    );
    let posterKey: string | null = null;
    if (creator.offer.poster) {
      posterKey = `offers/${userId}/${stamp}.poster.jpg`;
      await deps.storage.put(posterKey, await readFile(path.join(MEDIA_DIR, creator.offer.poster)), 'image/jpeg');
    }
    const paid = creator.offer.pricePence !== undefined;
    // The same rules and queries as /post, then approval, so demo offers look like real ones.
    const input = offerFields.parse({
      title: creator.offer.title,
      link: creator.offer.link,
      isPaidOffer: String(paid),
      price: paid ? String((creator.offer.pricePence ?? 0) / 100) : '',
      paypalLink: paid ? `https://www.paypal.com/paypalme/${creator.name.split(' ')[0]?.toLowerCase()}` : '',
      purchaseNote: paid ? 'Pay, then tap "I\'ve paid" and send me your brief.' : '',
      tags: creator.offer.tags.join(', '),
      description: creator.offer.description,
      musicTrackName: creator.offer.music ?? '',
    });
    const createdAt = new Date(stamp);
    const offerId = await db.transaction(async (tx) => {
      const id = await writeOwnOffer(tx, {
        userId,
        existingId: null,
        offer: input,
        now: createdAt,
        media: { mediaKey, mediaType: ext === 'mp4' ? 'video/mp4' : 'image/jpeg', posterKey },
        rankScore: rankScore(NO_PROOF, createdAt),
      });
      await replaceOfferTags(tx, id, input.tags);
      await markApproved(tx, id);
      return id;
    });
    offerIds.push(offerId);
  }
  // Supporters engage with each other's offers through the engagement rules, so counters and rank
  // scores are what real taps would have made them.
  for (const [i, userId] of creatorIds.entries()) {
    const actor = { id: userId, displayName: '', isAdmin: false };
    for (const [j, offerId] of offerIds.entries()) {
      if (i === j) continue;
      if ((i + j) % 2 === 0) await toggleBoost({ deps, actor, offerId, active: true });
      if ((i * j) % 3 === 0) await toggleFavorite({ deps, actor, offerId, active: true });
      if ((i + 2 * j) % 3 !== 0)
        await react({ deps, actor, offerId, emoji: REACTIONS[(i + j) % REACTIONS.length] ?? 'Hype' });
    }
  }
}
