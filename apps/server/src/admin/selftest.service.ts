/**
 * The Testing tab's self-test (SPEC section 2): store the chosen file, create a gig with it, check
 * that the gig reads back and its media is served, then remove both. The gig lives inside a
 * transaction that is always rolled back (with a throwaway creator, since each creator has one
 * offer), so a failed or crashed test leaves no row behind; the file is removed whatever happens.
 */
import { adminTexts, rankScore, type SelfTestResult, type SelfTestStep } from '@gigreel/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { ReceivedFile } from '../platform/uploads.ts';
import { countOffersWithMedia, findGig, insertCreator, insertGig, NO_LOGIN_DOMAIN } from './admin.queries.ts';
import { storeGigMedia } from './gigs.service.ts';

class RollBack extends Error {}

export async function runSelfTest(deps: AppDeps, app: FastifyInstance, file: ReceivedFile): Promise<SelfTestResult> {
  const steps: SelfTestStep[] = [];
  const step = (name: string, ok: boolean, detail: string) => {
    steps.push({ name, ok, detail });
    return ok;
  };
  let key: string | null = null;
  const run = async () => {
    const stored = await storeGigMedia(deps, 'selftest', file);
    key = stored.key;
    const head = await deps.storage.head(key);
    if (!step('Upload', head?.size === file.size, head ? `Stored ${head.size} bytes as ${stored.type}` : 'The stored file was not found')) return;

    const stamp = deps.clock.now().getTime();
    const title = `Self-test gig ${stamp}`;
    try {
      await deps.database.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const userId = `selftest${stamp}`;
        await insertCreator(tx, { id: userId, email: `${userId}${NO_LOGIN_DOMAIN}`, displayName: 'Self-test', bio: null, location: null, paypalLink: null, now });
        const id = await insertGig(tx, { userId, title, link: 'https://example.com/self-test', isPaidOffer: false, pricePence: null, paypalLink: null, purchaseNote: null, description: null, musicTrackName: null, musicCreditLink: null, media: stored, now, rankScore: rankScore({ boosts: 0, favorites: 0, reactions: 0, shares: 0 }, now) });
        const gig = await findGig(tx, id);
        step('Create gig', !!gig && gig.title === title && gig.mediaUrl === `/media/${stored.key}`, gig ? `Gig ${gig.id} created with its media` : 'The gig did not read back');
        throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    if (!steps.at(-1)?.ok) return;

    const served = await app.inject({ method: 'HEAD', url: `/media/${stored.key}` });
    step('Check media', served.statusCode === 200 && served.headers['content-type'] === stored.type, `The media URL answered ${served.statusCode} ${served.headers['content-type'] ?? ''}`.trim());
  };
  try {
    await run();
  } catch (error) {
    step('Error', false, error instanceof Error ? error.message : String(error));
  } finally {
    if (key) {
      try {
        await deps.storage.delete(key);
        const gone = (await deps.storage.head(key)) === null && (await countOffersWithMedia(deps.database.db, key)) === 0;
        step('Clean up', gone, gone ? 'The test file and gig are removed' : 'Something was left behind');
      } catch (error) {
        step('Clean up', false, error instanceof Error ? error.message : String(error));
      }
    }
  }
  return finish(steps);
}

function finish(steps: SelfTestStep[]): SelfTestResult {
  const ok = steps.length > 0 && steps.every((s) => s.ok);
  return { ok, title: ok ? adminTexts.test.successTitle : adminTexts.test.failedTitle, steps };
}
