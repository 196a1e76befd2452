/**
 * What code serving a request knows of it without being handed it, through one AsyncLocalStorage: the
 * request's id (for every log line written meanwhile, http/request-id.ts), whether it wrote sessions,
 * people or roles (it then answers only once this process has heard the change, auth/session-cache.ts),
 * and whether its statements are planned for their values (db/connection.ts). One store rather than one
 * per need: Node copies every store in use onto every promise the process makes, and two fewer hooks run
 * for each request (measured within the noise at 10k, 2026-11-27; a simpler request path either way).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One request's own state, shared by every async step that serves it. */
export type RequestState = { id: string; wroteSessions: boolean };

type Context = { request: RequestState | undefined; valuesDecidePlan: boolean };

const context = new AsyncLocalStorage<Context>();

/** Runs `next` (a Fastify hook's done) inside `request`'s context. */
export function runInRequest(request: RequestState, next: () => void): void {
  context.run({ request, valuesDecidePlan: false }, next);
}

/** The request being served, if any (a job, a command or a test's direct call has none). */
export function currentRequest(): RequestState | undefined {
  return context.getStore()?.request;
}

/**
 * Runs `work` with its statements planned for their values each time (unnamed): for a search, how
 * many rows match a word decides the plan, and a generic plan of the same text is right for one
 * kind of word and takes seconds for the other.
 */
export function plannedForValues<T>(work: () => Promise<T>): Promise<T> {
  return context.run({ request: currentRequest(), valuesDecidePlan: true }, work);
}

/** Whether the statement about to be sent runs inside `plannedForValues`. */
export function valuesDecidePlan(): boolean {
  return context.getStore()?.valuesDecidePlan ?? false;
}
