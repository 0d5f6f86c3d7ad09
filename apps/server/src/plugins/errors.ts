import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  API_ERROR_CODES,
  apiErrorSchema,
  INVALID_PHONE,
  type ApiErrorBody,
  type ApiErrorCode,
  type LocalizedText,
} from '@pizzeria/domain';
import { classifyDatabaseError, unreachableReason } from '../db/database-errors.ts';

/**
 * The error answers every back-office route may give besides a conflict (bad input, not signed in, not
 * staff, not found), for its OpenAPI schema.
 */
export const adminErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

/**
 * An error a route raises on purpose: a status, a stable code that clients translate, and a message
 * for people, in both languages when it can be (the caller's language is picked when it is sent).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly messages: LocalizedText;
  /** More of the body, beside message and code: a conflict's current row. */
  readonly details: Readonly<Record<string, unknown>> | undefined;
  constructor(
    statusCode: number,
    code: ApiErrorCode,
    message: string | LocalizedText,
    details?: Readonly<Record<string, unknown>>,
  ) {
    const messages = typeof message === 'string' ? { de: message, en: message } : message;
    super(messages.en);
    this.statusCode = statusCode;
    this.code = code;
    this.messages = messages;
    this.details = details;
  }
}

const INVALID_REQUEST: LocalizedText = { de: 'Die Anfrage ist ungültig.', en: 'The request is not valid.' };
/**
 * Schema checks that name their refusal with a code of their own (`params: {code}`): the answer carries
 * that code and says what is wrong in the caller's language, not just "the request is not valid".
 */
const CODED_REFUSALS: ReadonlyMap<ApiErrorCode, LocalizedText> = new Map([
  [
    INVALID_PHONE,
    {
      de: 'Die Telefonnummer ist ungültig. Bitte geben Sie sie mit Vorwahl ein, z. B. 0170 1234567 oder +43 1 234567.',
      en: 'The phone number is not valid. Please enter it with its area code, e.g. 0170 1234567 or +43 1 234567.',
    },
  ],
]);
const INTERNAL_ERROR: LocalizedText = {
  de: 'Bei uns ist etwas schiefgelaufen.',
  en: 'Something went wrong on our side.',
};
const DATABASE_UNAVAILABLE: LocalizedText = {
  de: 'Unser System ist gerade nicht erreichbar. Bitte versuchen Sie es in einem Moment erneut.',
  en: 'Our system is unavailable right now. Please try again in a moment.',
};
/** Fastify's own refusals of a request before any route runs, in the shop's codes and words. */
const REFUSALS: Record<string, { status: number; code: ApiErrorCode; message: LocalizedText }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body_too_large',
    message: { de: 'Die Anfrage ist zu groß.', en: 'The request is too large.' },
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: {
      de: 'Die Anfrage hat ein Format, das wir nicht annehmen. Bitte senden Sie JSON.',
      en: 'The request has a format we do not accept. Please send JSON.',
    },
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: { de: 'Die Anfrage ist kein gültiges JSON.', en: 'The request is not valid JSON.' },
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: { de: 'Die Anfrage ist leer, erwartet wird JSON.', en: 'The request is empty; JSON was expected.' },
  },
};

const NOT_FOUND: LocalizedText = { de: 'Diese Adresse gibt es nicht.', en: 'There is nothing at this address.' };

/** Seconds a client should wait after a 503: about the pool's connect timeout, so the next try may find it back. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return (API_ERROR_CODES as readonly unknown[]).includes(code);
}

/** The code a schema issue names of its own (`params: {code}`), if any. */
function issueCode(issue: { params: Record<string, unknown> }): ApiErrorCode | undefined {
  // fastify-type-provider-zod keeps the zod issue's `params` under its own `params`.
  const params: unknown = issue.params.params;
  const code = typeof params === 'object' && params !== null && 'code' in params ? params.code : undefined;
  return isApiErrorCode(code) ? code : undefined;
}

/**
 * What a refused request is answered with: when one coded check is all that is wrong (the phone number),
 * its code and words; else invalid_request, its issues naming each field.
 */
function schemaRefusal(issues: readonly { params: Record<string, unknown> }[]): {
  code: ApiErrorCode;
  message: LocalizedText;
} {
  const [first] = issues;
  const code = first ? issueCode(first) : undefined;
  const message = code === undefined ? undefined : CODED_REFUSALS.get(code);
  if (code !== undefined && message && issues.every((issue) => issueCode(issue) === code)) return { code, message };
  return { code: 'invalid_request', message: INVALID_REQUEST };
}

/** Every error leaves as `{message, code, issues?}` JSON; only a real fault becomes a 500. */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof HttpError) {
        const body: ApiErrorBody = { message: error.messages[request.language], code: error.code };
        return reply.status(error.statusCode).send({ ...error.details, ...body });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const refusal = schemaRefusal(error.validation);
        const body: ApiErrorBody = {
          message: refusal.message[request.language],
          code: refusal.code,
          issues: error.validation.map((issue) => ({
            path: issue.instancePath,
            message: issue.message,
          })),
        };
        return reply.status(400).send(body);
      }
      // The database is out of reach (restart, failover, network): a passing state, not our fault.
      const databaseFailure = classifyDatabaseError(error);
      if (databaseFailure === 'unavailable') {
        request.log.warn(`database unavailable (${unreachableReason(error)}): answered 503`);
        const body: ApiErrorBody = { message: DATABASE_UNAVAILABLE[request.language], code: 'database_unavailable' };
        return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(body);
      }
      // PostgreSQL refused a value (a NUL byte, a number or date out of range) the schema let through.
      if (databaseFailure === 'invalid_input') {
        request.log.warn({ err: error }, 'the database refused a value the request schema accepted');
        const body: ApiErrorBody = { message: INVALID_REQUEST[request.language], code: 'invalid_request' };
        return reply.status(400).send(body);
      }
      const status =
        typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
          ? error.statusCode
          : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const body: ApiErrorBody = { message: INTERNAL_ERROR[request.language], code: 'internal_error' };
        return reply.status(500).send(body);
      }
      const fastifyCode =
        typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
          ? error.code
          : undefined;
      const refusal = fastifyCode ? REFUSALS[fastifyCode] : undefined;
      if (refusal) {
        const body: ApiErrorBody = { message: refusal.message[request.language], code: refusal.code };
        return reply.status(refusal.status).send(body);
      }
      // Any other 4xx Fastify raises before the route (a poisoned prototype, a bad content length).
      const body: ApiErrorBody = { message: INVALID_REQUEST[request.language], code: 'invalid_request' };
      return reply.status(status).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ApiErrorBody = { message: NOT_FOUND[request.language], code: 'not_found' };
      return reply.status(404).send(body);
    });
  },
  { name: 'errors', dependencies: ['language'] },
);
