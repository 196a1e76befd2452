/**
 * The Testing tab's self-test (SPEC section 2): process and store the chosen file as offer media,
 * create a gig with it, check that the gig reads back and its media is served, then remove both.
 * The media goes through the offers service's own processing and the gig through its own write, so
 * the test exercises what a real save does. The gig lives inside a transaction that is always rolled
 * back (with a throwaway creator, since each creator has one offer), so a failed or crashed test
 * leaves no row behind; the files are removed whatever happens.
 */
import { adminTexts, NO_PROOF, rankScore, type SelfTestResult, type SelfTestStep } from '@gigreel/core';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/index.ts';
import type { AppDeps } from '../deps.ts';
import { storeOfferMedia, writeOwnOffer, type MediaWork, type UploadedMedia } from '../offers/index.ts';
import { removeStoredFiles } from '../platform/unclaimed-files.ts';
import { countOffersWithMedia, findGig, insertCreator, NO_LOGIN_DOMAIN } from './admin.queries.ts';

class RollBack extends Error {}

/** `app` serves the stored media back, as a browser would fetch it. */
export async function runSelfTest({
  deps,
  actor,
  app,
  file,
  media,
}: {
  deps: AppDeps;
  actor: Actor;
  app: FastifyInstance;
  file: UploadedMedia;
  media: MediaWork;
}): Promise<SelfTestResult> {
  const steps: SelfTestStep[] = [];
  const step = (name: string, ok: boolean, detail: string) => {
    steps.push({ name, ok, detail });
    return ok;
  };
  let keys: string[] = [];
  const run = async () => {
    const stored = await storeOfferMedia(deps, media, { ownerId: 'selftest', uploaderId: actor.id }, file);
    keys = stored.keys;
    const { mediaKey, mediaType } = stored.values;
    const head = await deps.storage.head(mediaKey);
    if (
      !step(
        'Upload',
        !!head && head.size > 0,
        head ? `Stored ${head.size} bytes as ${mediaType}` : 'The stored file was not found',
      )
    )
      return;

    const stamp = deps.clock.now().getTime();
    const title = `Self-test gig ${stamp}`;
    try {
      await deps.database.db.transaction(async (tx) => {
        const now = deps.clock.now();
        const userId = `selftest${stamp}`;
        await insertCreator(tx, {
          id: userId,
          email: `${userId}${NO_LOGIN_DOMAIN}`,
          displayName: 'Self-test',
          bio: null,
          location: null,
          paypalLink: null,
          now,
        });
        const offer = {
          title,
          link: 'https://example.com/self-test',
          isPaidOffer: false,
          pricePence: null,
          paypalLink: null,
          purchaseNote: null,
          description: null,
          musicTrackName: null,
          musicCreditLink: null,
        };
        const id = await writeOwnOffer(tx, {
          userId,
          existingId: null,
          offer,
          media: stored.values,
          now,
          rankScore: rankScore(NO_PROOF, now),
          approved: true,
        });
        const gig = await findGig(tx, id);
        step(
          'Create gig',
          !!gig && gig.title === title && gig.mediaUrl === `/media/${mediaKey}`,
          gig ? `Gig ${gig.id} created with its media` : 'The gig did not read back',
        );
        throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    if (!steps.at(-1)?.ok) return;

    const served = await app.inject({ method: 'HEAD', url: `/media/${mediaKey}` });
    step(
      'Check media',
      served.statusCode === 200 && served.headers['content-type'] === mediaType,
      `The media URL answered ${served.statusCode} ${served.headers['content-type'] ?? ''}`.trim(),
    );
  };
  try {
    await run();
  } catch (error) {
    step('Error', false, error instanceof Error ? error.message : String(error));
  } finally {
    if (keys.length) {
      try {
        await removeStoredFiles(deps, keys);
        const gone = (
          await Promise.all(
            keys.map(
              async (key) =>
                (await deps.storage.head(key)) === null && (await countOffersWithMedia(deps.database.db, key)) === 0,
            ),
          )
        ).every(Boolean);
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
