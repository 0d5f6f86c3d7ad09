import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@pizzeria/domain';

/** An error a route raises on purpose: a status, a stable code and a message for people. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** Every error leaves as `{message, code, issues?}` JSON; only a real fault becomes a 500. */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof HttpError) {
        const body: ApiError = { message: error.message, code: error.code };
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const body: ApiError = {
          message: 'The request is not valid.',
          code: 'invalid_request',
          issues: error.validation.map((issue) => ({
            path: issue.instancePath,
            message: issue.message,
          })),
        };
        return reply.status(400).send(body);
      }
      const status =
        typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
          ? error.statusCode
          : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const body: ApiError = { message: 'Something went wrong on our side.', code: 'internal_error' };
        return reply.status(500).send(body);
      }
      const message = error instanceof Error ? error.message : 'Bad request';
      const code =
        typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
          ? error.code.toLowerCase()
          : 'bad_request';
      const body: ApiError = { message, code };
      return reply.status(status).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ApiError = { message: `No route for ${request.method} ${request.url}`, code: 'not_found' };
      return reply.status(404).send(body);
    });
  },
  { name: 'errors' },
);
