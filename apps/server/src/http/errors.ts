/**
 * One error shape for the whole API: an HTTP status and { error: { code, message } }, where message
 * is the user-facing text of SPEC section 8 when there is one. Services throw AppError (core's errors.ts); the handler
 * below turns everything else into a clear 4xx, or a logged 500 that reveals nothing.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, ERROR_STATUS, type ErrorCode, texts } from '@gigreel/core';
import { z } from 'zod';

/** Parses input with a schema from packages/core, turning the first problem into a 400 with its text. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw zodToAppError(result.error);
}

export function zodToAppError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return badRequest(texts.generic.badRequest);
  if (issue.code === 'unrecognized_keys')
    return badRequest(texts.generic.unknownField(issue.keys.join(', ')), issue.keys[0]);
  // A check may name the error it stands for: a path id that cannot exist is "not found", as one that does not.
  const named: unknown = issue.code === 'custom' ? issue.params?.code : undefined;
  if (typeof named === 'string' && named in ERROR_STATUS) return new AppError(named as ErrorCode, issue.message);
  const field = issue.path.join('.') || undefined;
  if (issue.code === 'invalid_type' && !issue.message.startsWith('Invalid input'))
    return badRequest(issue.message, field);
  if (issue.code === 'invalid_type')
    return badRequest(field ? `${field} is missing or not valid` : texts.generic.badRequest, field);
  return badRequest(issue.message, field);
}

/** Fastify's own 4xx codes, named for the one error shape. */
const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'too_large',
  415: 'unsupported_media_type',
};

/**
 * A database error caused by what a request carried (a NUL byte, a malformed id, a row that breaks a
 * constraint) is the caller's problem, not a crash: 22xxx is a data exception, 23xxx an integrity
 * violation. Drizzle wraps the driver's error, so its causes are searched too.
 */
export function databaseErrorStatus(error: unknown): { status: number; code: ErrorCode; message: string } | null {
  for (
    let current = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const sqlState = (current as { code?: unknown }).code;
    if (typeof sqlState !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(sqlState)) continue;
    if (sqlState === '23505') return { status: 409, code: 'conflict', message: texts.generic.conflict };
    if (sqlState === '23503') return { status: 409, code: 'conflict', message: texts.generic.gone };
    return { status: 400, code: 'bad_request', message: texts.generic.badRequest };
  }
  return null;
}

/**
 * The database could not be reached, or went away under a statement: a restart (57P01 and 57P03 while it
 * shuts down and starts), a lost or refused connection, too many connections, a statement given up after
 * waiting for a connection (db/connection.ts) or cancelled. A blip, answered 503, never a crash or a hang.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'CONNECTION_WAIT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function databaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  }
  return false;
}

/** What the multipart parser (busboy) throws on a broken upload: the sender's fault, not ours. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Multipart: Boundary not found)/i;

/**
 * Fastify's router refuses some URLs before any handler runs (bad percent-encoding, a path parameter
 * over its length limit); this answers those in the one error shape too. Passed as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ error: { code: status === 414 ? 'too_long' : 'bad_request', message: texts.generic.badRequest } });
}

export function installErrorHandler(app: FastifyInstance, hooks: { onDatabaseUnavailable?: () => void } = {}): void {
  app.setErrorHandler((error: FastifyError | AppError | z.ZodError, request, reply) => {
    // An error answers JSON, whatever the handler had set up for the answer it meant to send (a file's type and size).
    for (const header of ['content-length', 'content-range', 'content-disposition', 'etag']) reply.removeHeader(header);
    reply.type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } });
    }
    if (error instanceof z.ZodError) {
      const appError = zodToAppError(error);
      return reply.status(400).send({
        error: {
          code: appError.code,
          message: appError.message,
          ...(appError.field ? { field: appError.field } : {}),
        },
      });
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      hooks.onDatabaseUnavailable?.();
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ error: { code: 'unavailable', message: texts.generic.unavailable } });
    }
    const fromDatabase = databaseErrorStatus(error);
    if (fromDatabase) {
      request.log.warn({ err: error }, 'request refused by a database rule');
      return reply
        .status(fromDatabase.status)
        .send({ error: { code: fromDatabase.code, message: fromDatabase.message } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Only Fastify's own errors (FST_*) carry a status and a message fit to show; any other 4xx
      // thrown by a library gets the generic text, so no internal wording reaches a person.
      const code = (error as FastifyError).code ?? '';
      const message =
        status === 413
          ? texts.generic.tooLarge
          : status === 415
            ? texts.generic.unsupportedType
            : texts.generic.badRequest;
      if (!code.startsWith('FST_')) request.log.warn({ err: error }, 'a library refused the request');
      return reply.status(status).send({ error: { code: CODE_FOR_STATUS[status] ?? 'bad_request', message } });
    }
    if (MALFORMED_MULTIPART.test((error as Error).message ?? '')) {
      return reply.status(400).send({ error: { code: 'bad_request', message: texts.generic.badUpload } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: texts.auth.unexpected } });
  });
}
