/**
 * An account people control (issue 19): the password, the email, the signed-in devices and deleting
 * the account. Each change is one transaction with the mail it owes (deps.outbox); a change that
 * matters asks for the current password first, counted by the login limiter (auth's checkOwnPassword).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  EMAIL_CHANGE_LINK_HOURS,
  accountTexts,
  waitText,
  AppError,
  badRequest,
  notFound,
  type AccountResponse,
} from '@gigreel/core';
import { deleteAccount } from '../admin/index.ts';
import { checkOwnPassword, deleteResetTokens, hashNewPassword, type SessionViewer } from '../auth/index.ts';
import { takeMailRequest } from '../db/mail-requests.ts';
import type { AppDeps } from '../deps.ts';
import { mailHtml } from '../platform/mailer.ts';
import { assertMayDeleteOwnAccount, assertOwnSession } from './account.policy.ts';
import * as q from './account.queries.ts';
import { deviceName } from './user-agent.ts';

type Ctx = { deps: AppDeps; actor: SessionViewer };
/** Where the request comes from (TRUST_PROXY decides), for the login limiter and the mail limits. */
type FromAddress = { ipAddress: string };

const t = accountTexts;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Changes of address one account may ask for in an hour (each mails the new address). */
const EMAIL_CHANGES_PER_HOUR = 3;

export async function getAccount({ deps, actor }: Ctx): Promise<AccountResponse> {
  const pending = await q.findPendingEmail(deps.database.db, actor.id, deps.clock.now());
  return {
    email: actor.email,
    pendingEmail: pending && { email: pending.email, expiresAt: pending.expiresAt.toISOString() },
  };
}

/**
 * A new password for the account: the current one first. Every other session ends (this one stays),
 * every reset link still out stops working, and the person is told by mail, all in one transaction.
 */
export async function changePassword({
  deps,
  actor,
  input,
  ipAddress,
}: Ctx & FromAddress & { input: { currentPassword: string; newPassword: string } }): Promise<{ message: string }> {
  assertOwnSession(actor);
  await checkOwnPassword(deps, {
    userId: actor.id,
    email: actor.email,
    password: input.currentPassword,
    ipAddress,
    field: 'currentPassword',
  });
  if (input.newPassword === input.currentPassword) throw badRequest(t.password.same, 'newPassword');
  const hash = await hashNewPassword(deps, input.newPassword);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    if (!(await q.setPasswordHash(tx, actor.id, hash, now))) throw notFound(t.loadFailed);
    await q.endOtherSessions(tx, actor.id, actor.sessionId);
    await deleteResetTokens(tx, actor.id);
    await deps.outbox.mail(tx, {
      to: actor.email,
      subject: t.password.mail.subject,
      text: `Hi ${actor.displayName},\n\n${t.password.mail.body}\n\n${t.password.mail.notYou}`,
      html: mailHtml([`Hi ${actor.displayName},`, t.password.mail.body, t.password.mail.notYou]),
    });
  });
  return { message: t.password.changed };
}

/**
 * Asks to change the address: the current password first, then a link to the new address that makes
 * the change (a new request replaces the one before). A few an hour per account, since each mails an
 * address the person typed.
 */
export async function requestEmailChange({
  deps,
  actor,
  input,
  ipAddress,
}: Ctx & FromAddress & { input: { email: string; password: string } }) {
  assertOwnSession(actor);
  const email = input.email;
  if (email === actor.email.toLowerCase()) throw badRequest(t.email.same, 'email');
  await checkOwnPassword(deps, {
    userId: actor.id,
    email: actor.email,
    password: input.password,
    ipAddress,
    field: 'password',
  });
  const { db } = deps.database;
  if (await q.emailTaken(db, email)) throw new AppError('conflict', t.email.taken, 'email');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 3_600_000);
  const token = randomBytes(32).toString('base64url');
  const url = `${deps.config.publicUrl}/api/account/email/confirm?token=${token}`;
  await db.transaction(async (tx) => {
    const request = await takeMailRequest(
      tx,
      { kind: 'email_change', subject: actor.id, ipAddress, at: now },
      { windowMs: 3_600_000, perSubject: EMAIL_CHANGES_PER_HOUR },
    );
    if (!request.taken) throw new AppError('too_many_mails', t.email.tooMany(waitText(request.retryAfterMs / 1000)));
    await q.savePendingEmail(tx, { userId: actor.id, newEmail: email, tokenHash: hashToken(token), expiresAt, now });
    const mail = t.email.mailConfirm;
    await deps.outbox.mail(tx, {
      to: email,
      subject: mail.subject,
      text: `Hi ${actor.displayName},\n\n${mail.body}\n\n${url}\n\n${mail.ignore}`,
      html: mailHtml([`Hi ${actor.displayName},`, mail.body, mail.ignore], { label: mail.label, url }),
      link: url,
    });
  });
  return { message: t.email.sent(email), pendingEmail: { email, expiresAt: expiresAt.toISOString() } };
}

export async function cancelEmailChange({ deps, actor }: Ctx): Promise<{ message: string }> {
  assertOwnSession(actor);
  await q.deletePendingEmail(deps.database.db, actor.id);
  return { message: t.email.cancelled };
}

/** Where the confirmation link lands, with its outcome for the web app to show. */
const CONFIRMED_HERE = '/settings?emailChanged=1';
const CONFIRMED_ELSEWHERE = '/login?emailChanged=1';

/**
 * Follows the link mailed to a new address, once: the address becomes the account's (and counts as
 * verified), and the old address is told, in one transaction. A browser signed in to that account
 * lands on Settings; any other on the login screen. An expired or unknown link, or an address taken
 * meanwhile, changes nothing and lands with an error.
 */
export async function confirmEmailChange({
  deps,
  token,
  viewerId,
}: {
  deps: AppDeps;
  token: string | null;
  viewerId: string | null;
}): Promise<string> {
  if (!token) return `${CONFIRMED_ELSEWHERE}&error=INVALID_TOKEN`;
  const now = deps.clock.now();
  let outcome: { userId: string } | { error: 'INVALID_TOKEN' | 'EMAIL_TAKEN' };
  try {
    outcome = await deps.database.db.transaction(async (tx) => {
      const change = await q.takePendingEmail(tx, hashToken(token));
      if (!change || change.expiresAt.getTime() <= now.getTime()) return { error: 'INVALID_TOKEN' as const };
      const person = await q.lockPerson(tx, change.userId);
      if (!person) return { error: 'INVALID_TOKEN' as const };
      if (await q.emailTaken(tx, change.newEmail)) return { error: 'EMAIL_TAKEN' as const };
      await q.setEmail(tx, change.userId, change.newEmail, now);
      const mail = t.email.mailOldTold;
      await deps.outbox.mail(tx, {
        to: person.email,
        subject: mail.subject,
        text: `Hi ${person.name},\n\n${mail.body(change.newEmail)}\n\n${mail.notYou}`,
        html: mailHtml([`Hi ${person.name},`, mail.body(change.newEmail), mail.notYou]),
      });
      return { userId: change.userId };
    });
  } catch (error) {
    // Another account took the address between the check and the write: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    outcome = { error: 'EMAIL_TAKEN' };
  }
  if ('error' in outcome) return `${viewerId ? CONFIRMED_HERE : CONFIRMED_ELSEWHERE}&error=${outcome.error}`;
  return outcome.userId === viewerId ? CONFIRMED_HERE : CONFIRMED_ELSEWHERE;
}

export async function listDevices({ deps, actor }: Ctx) {
  const rows = await q.listLiveSessions(deps.database.db, actor.id, new Date());
  return {
    devices: rows.map((row) => ({
      id: row.id,
      device: deviceName(row.userAgent),
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === actor.sessionId,
    })),
  };
}

/** Signs one of the person's other devices out; this device signs out with Log Out. */
export async function endDevice({ deps, actor, sessionId }: Ctx & { sessionId: string }) {
  assertOwnSession(actor);
  if (sessionId === actor.sessionId) throw badRequest(t.devices.useLogOut);
  const ended = await q.endSession(deps.database.db, actor.id, sessionId);
  if (!ended) throw notFound(t.devices.notFound);
  return { message: t.devices.signedOut(deviceName(ended.userAgent)) };
}

export async function endOtherDevices({ deps, actor }: Ctx) {
  assertOwnSession(actor);
  const ended = await q.endOtherSessions(deps.database.db, actor.id, actor.sessionId);
  return { message: t.devices.othersSignedOut(ended), ended };
}

/**
 * Deletes the person's own account with their password and DELETE typed: the admin's deletion
 * itself (admin's deleteAccount), with the mail saying so in its transaction. Its sessions go with it.
 */
export async function deleteOwnAccount({
  deps,
  actor,
  password,
  ipAddress,
}: Ctx & FromAddress & { password: string }): Promise<{ message: string }> {
  assertMayDeleteOwnAccount(actor);
  await checkOwnPassword(deps, { userId: actor.id, email: actor.email, password, ipAddress, field: 'password' });
  const mail = t.delete.mail;
  const deleted = await deleteAccount({
    deps,
    userId: actor.id,
    alsoInTransaction: (tx) =>
      deps.outbox.mail(tx, {
        to: actor.email,
        subject: mail.subject,
        text: `Hi ${actor.displayName},\n\n${mail.body}\n\n${mail.bye}`,
        html: mailHtml([`Hi ${actor.displayName},`, mail.body, mail.bye]),
      }),
  });
  if (!deleted) throw notFound(t.loadFailed);
  return { message: t.delete.deleted };
}
