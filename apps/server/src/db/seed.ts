/**
 * Demo data for a fresh embedded database (and `npm run seed`): an admin, the designer and creators
 * with approved offers whose media live in apps/server/seed-media, so a newcomer sees a living feed.
 * Never runs with NODE_ENV=production (config.seedDemo is false there).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { count, eq } from 'drizzle-orm';
import { offerFields, rankScore, REACTIONS } from '@gigreel/core';
import { react, toggleBoost, toggleFavorite } from '../engagement/engagement.service.ts';
import { markApproved, replaceOfferTags, writeOwnOffer } from '../offers/offers.queries.ts';
import type { AppDeps } from '../deps.ts';
import { accounts, userRoles, users } from './schema.ts';

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
        userId, existingId: null, offer: input, now: createdAt,
        media: { mediaKey, mediaType: ext === 'mp4' ? 'video/mp4' : 'image/jpeg', posterKey },
        rankScore: rankScore({ boosts: 0, favorites: 0, reactions: 0, shares: 0 }, createdAt),
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
    const actor = { id: userId, isAdmin: false };
    for (const [j, offerId] of offerIds.entries()) {
      if (i === j) continue;
      if ((i + j) % 2 === 0) await toggleBoost(deps, { actor, offerId, active: true });
      if ((i * j) % 3 === 0) await toggleFavorite(deps, { actor, offerId, active: true });
      if ((i + 2 * j) % 3 !== 0) await react(deps, { actor, offerId, emoji: REACTIONS[(i + j) % REACTIONS.length] ?? 'Hype' });
    }
  }
}
