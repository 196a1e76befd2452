/**
 * Demo data for a fresh embedded database (and `npm run seed`): an admin, the designer and creators
 * with approved offers whose media live in apps/server/seed-media, so a newcomer sees a living feed.
 * Never runs with NODE_ENV=production (config.seedDemo is false there).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { count, eq } from 'drizzle-orm';
import { upsertTag } from '../offers/tags.queries.ts';
import { RANK_SCORE_SQL, REACTIONS } from '@gigreel/core';
import type { AppDeps } from '../deps.ts';
import { accounts, boosts, favorites, offers, offerTags, reactions, userRoles, users } from './schema.ts';

export const DEMO_PASSWORD = 'GigReel-demo1';
const MEDIA_DIR = path.resolve(import.meta.dirname, '../../seed-media');

type DemoCreator = { name: string; email: string; bio: string; offer: { title: string; media: string; poster?: string; link: string; pricePence?: number; tags: string[]; description: string; music?: string } };

export const DEMO_CREATORS: DemoCreator[] = [
  { name: 'Maya Patel', email: 'maya@example.com', bio: 'Brand designer. Logos that last.', offer: { title: 'A logo for your brand in 48 hours', media: 'logo-design.mp4', poster: 'logo-design.poster.jpg', link: '', pricePence: 4500, tags: ['design', 'logo', 'branding'], description: 'Three concepts, two rounds of revisions, every file format you need.', music: 'Sunrise Lo-fi' } },
  { name: 'Leo Carter', email: 'leo@example.com', bio: 'Producer and beat maker from Leeds.', offer: { title: 'Custom beats for your next reel', media: 'beat-making.mp4', poster: 'beat-making.poster.jpg', link: 'https://example.com/leo-beats', tags: ['music', 'beats'], description: 'Royalty-free beats made for short video.', music: 'Leo Carter - Night Drive' } },
  { name: 'Ava Nguyen', email: 'ava@example.com', bio: 'Video editor for creators who post daily.', offer: { title: 'Reels edited so they pop', media: 'video-edit.mp4', poster: 'video-edit.poster.jpg', link: '', pricePence: 2500, tags: ['video', 'editing', 'reels'], description: 'Send raw clips, get back a captioned, cut and coloured reel.' } },
  { name: 'Sam Okafor', email: 'sam@example.com', bio: 'Personal trainer, online coaching.', offer: { title: 'A 4-week home fitness plan', media: 'fitness-plan.mp4', poster: 'fitness-plan.poster.jpg', link: 'https://example.com/sam-fit', tags: ['fitness', 'health'], description: 'A plan built around your week and your kit.' } },
  { name: 'Zoe Martin', email: 'zoe@example.com', bio: 'Portrait photographer in London.', offer: { title: 'Portrait session in London', media: 'portrait-photos.jpg', link: '', pricePence: 12000, tags: ['photography', 'portraits'], description: 'One hour, two looks, twenty edited photos.' } },
  { name: 'Kai Jensen', email: 'kai@example.com', bio: 'Web developer who likes fast sites.', offer: { title: 'A website audit that finds quick wins', media: 'web-audit.jpg', link: 'https://example.com/kai-audit', tags: ['web', 'design', 'seo'], description: 'Speed, accessibility and SEO, in a one-page report.' } },
  { name: 'Ivy Brooks', email: 'ivy@example.com', bio: 'Illustrator. Pets are my favourite clients.', offer: { title: 'Hand-drawn pet portraits', media: 'illustration.jpg', link: '', pricePence: 3000, tags: ['illustration', 'art', 'pets'], description: 'Send a photo of your pet, get a framed-ready portrait.' } },
];

export async function seedDemoIfEmpty(deps: AppDeps): Promise<boolean> {
  const [row] = await deps.database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(deps);
  deps.log.info(`demo data created: sign in as admin@example.com, designer@example.com or maya@example.com with password ${DEMO_PASSWORD}`);
  return true;
}

export async function seedDemo(deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = deps.clock.now();
  const makeUser = async (name: string, email: string, bio: string | null) => {
    const id = crypto.randomUUID().replace(/-/g, '');
    await db.insert(users).values({ id, name, email, emailVerified: true, bio, createdAt: new Date(now.getTime() - 40 * 86400_000) });
    await db.insert(accounts).values({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    return id;
  };
  const adminId = await makeUser('GigReel Admin', 'admin@example.com', null);
  await db.insert(userRoles).values({ userId: adminId, role: 'admin' });
  await makeUser('Dana the Designer', deps.config.designerEmail ?? 'designer@example.com', 'In-house designer: send me a private job.');
  await db.update(users).set({ paypalLink: 'https://www.paypal.com/paypalme/gigreeldesign' }).where(eq(users.email, deps.config.designerEmail ?? 'designer@example.com'));

  const creatorIds: string[] = [];
  const offerIds: string[] = [];
  for (const [index, creator] of DEMO_CREATORS.entries()) {
    const userId = await makeUser(creator.name, creator.email, creator.bio);
    creatorIds.push(userId);
    const stamp = now.getTime() - index * 3_600_000;
    const ext = path.extname(creator.offer.media).slice(1);
    const mediaKey = `offers/${userId}/${stamp}.${ext}`;
    await deps.storage.put(mediaKey, await readFile(path.join(MEDIA_DIR, creator.offer.media)), ext === 'mp4' ? 'video/mp4' : 'image/jpeg');
    let posterKey: string | null = null;
    if (creator.offer.poster) {
      posterKey = `offers/${userId}/${stamp}.poster.jpg`;
      await deps.storage.put(posterKey, await readFile(path.join(MEDIA_DIR, creator.offer.poster)), 'image/jpeg');
    }
    const paid = creator.offer.pricePence !== undefined;
    const [offer] = await db.insert(offers).values({
      userId,
      title: creator.offer.title,
      mediaKey,
      mediaType: ext === 'mp4' ? 'video/mp4' : 'image/jpeg',
      posterKey,
      link: paid ? '' : creator.offer.link,
      isPaidOffer: paid,
      pricePence: creator.offer.pricePence ?? null,
      paypalLink: paid ? `https://www.paypal.com/paypalme/${creator.name.split(' ')[0]?.toLowerCase()}` : null,
      purchaseNote: paid ? 'Pay, then tap "I\'ve paid" and send me your brief.' : null,
      isApproved: true,
      description: creator.offer.description,
      musicTrackName: creator.offer.music ?? null,
      createdAt: new Date(stamp),
    }).returning({ id: offers.id });
    if (!offer) throw new Error('seed offer not created');
    offerIds.push(offer.id);
    for (const name of creator.offer.tags) {
      const tagId = await upsertTag(deps.database, name);
      await db.insert(offerTags).values({ offerId: offer.id, tagId }).onConflictDoNothing();
    }
  }
  // Supporters engage with each other's offers so the feed, counts and explore page have life.
  for (const [i, userId] of creatorIds.entries()) {
    for (const [j, offerId] of offerIds.entries()) {
      if (i === j) continue;
      if ((i + j) % 2 === 0) await db.insert(boosts).values({ userId, offerId });
      if ((i * j) % 3 === 0) await db.insert(favorites).values({ userId, offerId });
      if ((i + 2 * j) % 3 !== 0) await db.insert(reactions).values({ userId, offerId, emoji: REACTIONS[(i + j) % REACTIONS.length] ?? 'Hype' });
    }
  }
  await deps.database.query(`
    update offers o set
      boost_count = (select count(*) from boosts b where b.offer_id = o.id),
      favorite_count = (select count(*) from favorites f where f.offer_id = o.id),
      reaction_count = (select count(*) from reactions r where r.offer_id = o.id)`);
  await deps.database.query(`update offers set rank_score = ${RANK_SCORE_SQL}`);
}
