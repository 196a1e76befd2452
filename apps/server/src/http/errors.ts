/**
 * One error shape for the whole API: an HTTP status and { error: { code, message } }, where message
 * is the user-facing text of SPEC section 8 when there is one. Services throw AppError; the handler
 * below turns everything else into a clear 4xx, or a logged 500 that reveals nothing.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { texts } from '@gigreel/core';
import { z } from 'zod';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'bad_request', message, field);
export const unauthorized = (message: string = texts.auth.notSignedIn) => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

/** Parses input with a schema from packages/core, turning the first problem into a 400 with its text. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw zodToAppError(result.error);
}

export function zodToAppError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return badRequest(texts.generic.badRequest);
  if (issue.code === 'unrecognized_keys') return badRequest(texts.generic.unknownField(issue.keys.join(', ')), issue.keys[0]);
  const field = issue.path.join('.') || undefined;
  if (issue.code === 'invalid_type' && !issue.message.startsWith('Invalid input')) return badRequest(issue.message, field);
  if (issue.code === 'invalid_type') return badRequest(field ? `${field} is missing or not valid` : texts.generic.badRequest, field);
  return badRequest(issue.message, field);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | z.ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } });
    }
    if (error instanceof z.ZodError) {
      const appError = zodToAppError(error);
      return reply.status(400).send({ error: { code: appError.code, message: appError.message } });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? 'bad_request';
      const message =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
          ? texts.generic.tooLarge
          : code.startsWith('FST_ERR_CTP') || code === 'FST_ERR_VALIDATION'
            ? texts.generic.badRequest
            : error.message;
      return reply.status(status).send({ error: { code: status === 413 ? 'too_large' : 'bad_request', message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal', message: texts.auth.unexpected } });
  });
}
