import type * as z from 'zod/mini';
import { apiErrorSchema } from '@pizzeria/domain';
import { currentLanguage } from '../i18n/index.ts';

/** A failed API call: the HTTP status and the server's stable error code and message. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

let bearerToken: () => string | undefined = () => undefined;

/** The session feature tells the client where the token comes from (docs/product/shop.md). */
export function setTokenSource(source: () => string | undefined): void {
  bearerToken = source;
}

/**
 * Calls the API and parses the answer with the given schema. Errors are logged and rethrown
 * (docs/product/shop.md); the caller decides what a person sees.
 */
export async function apiRequest<T>(
  path: string,
  schema: z.ZodMiniType<T>,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  const token = bearerToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  try {
    const response = await fetch(`/api${path}`, { ...init, headers, body });
    const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      const error = apiErrorSchema.safeParse(payload);
      throw error.success
        ? new ApiRequestError(response.status, error.data.code, error.data.message)
        : new ApiRequestError(response.status, 'http_error', `HTTP ${response.status}`);
    }
    return schema.parse(payload);
  } catch (error) {
    console.error(`API ${init.method ?? 'GET'} ${path} failed`, error);
    throw error;
  }
}
