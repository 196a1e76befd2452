/** Creators: the admin creates, edits and deletes the people of GigReel (SPEC sections 2 and 6). */
import { randomUUID } from 'node:crypto';
import { adminTexts, type AdminCreator, type CreatorFormOutput, conflict, notFound } from '@gigreel/core';
import type { Actor } from '../auth/index.ts';
import type { Tx } from '../db/connection.ts';
import type { AppDeps } from '../deps.ts';
import { removeStoredFiles } from '../platform/unclaimed-files.ts';
import { assertMayDeleteCreator } from './admin.policy.ts';
import { deleteUser, emailInUse, findCreator, insertCreator, NO_LOGIN_DOMAIN, updateCreator } from './admin.queries.ts';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * A creator made here has no password. With an email they can claim the account through "forgot
 * password"; without one they are a profile the admin runs (and can use through impersonation).
 */
export async function createCreator({
  deps,
  input,
}: {
  deps: AppDeps;
  actor: Actor;
  input: CreatorFormOutput;
}): Promise<AdminCreator> {
  const id = randomUUID().replace(/-/g, '');
  const email = input.email ?? `${id}${NO_LOGIN_DOMAIN}`;
  const { db } = deps.database;
  if (input.email && (await emailInUse(db, input.email))) throw conflict(adminTexts.creators.emailTaken);
  try {
    await db.transaction(async (tx) =>
      insertCreator(tx, {
        id,
        email,
        displayName: input.displayName,
        bio: input.bio,
        location: input.location,
        paypalLink: input.paypalLink,
        now: deps.clock.now(),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(adminTexts.creators.emailTaken);
    throw error;
  }
  return (await findCreator(db, id))!;
}

/** A blank email keeps the current one: an account's login is not removed from here. */
export async function editCreator({
  deps,
  id,
  input,
}: {
  deps: AppDeps;
  actor: Actor;
  id: string;
  input: CreatorFormOutput;
}): Promise<AdminCreator> {
  const { db } = deps.database;
  if (input.email && (await emailInUse(db, input.email, id))) throw conflict(adminTexts.creators.emailTaken);
  let found = false;
  try {
    found = await db.transaction(async (tx) =>
      updateCreator(tx, id, {
        displayName: input.displayName,
        email: input.email ?? undefined,
        bio: input.bio,
        location: input.location,
        paypalLink: input.paypalLink,
        now: deps.clock.now(),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(adminTexts.creators.emailTaken);
    throw error;
  }
  if (!found) throw notFound(adminTexts.creators.notFound);
  return (await findCreator(db, id))!;
}

/**
 * Deleting a creator removes their account, sessions, offer (with its tags and engagement), the
 * boosts, favourites and reactions they gave (taken off the offers' counters and rank in the same
 * transaction) and their private jobs; once that commits, every file those rows pointed at.
 * Orders and messages stay for the other person, with this side shown as "Unknown".
 */
export async function removeCreator({
  deps,
  actor,
  id,
}: {
  deps: AppDeps;
  actor: Actor;
  id: string;
}): Promise<AdminCreator> {
  const target = await findCreator(deps.database.db, id);
  if (!target) throw notFound(adminTexts.creators.notFound);
  assertMayDeleteCreator(actor, target);
  if (!(await deleteAccount({ deps, userId: id }))) throw notFound(adminTexts.creators.notFound);
  return target;
}

/**
 * The deletion itself, for the admin's delete and a person deleting their own account alike: one
 * transaction (with `alsoInTransaction`, such as the mail saying it happened), then the files.
 * False when there was no such account.
 */
export async function deleteAccount({
  deps,
  userId,
  alsoInTransaction,
}: {
  deps: AppDeps;
  userId: string;
  alsoInTransaction?: (tx: Tx) => Promise<void>;
}): Promise<boolean> {
  const removed = await deps.database.db.transaction(async (tx) => {
    const gone = await deleteUser(tx, userId);
    if (gone && alsoInTransaction) await alsoInTransaction(tx);
    return gone;
  });
  if (!removed) return false;
  await removeStoredFiles(deps, removed.files);
  return true;
}
