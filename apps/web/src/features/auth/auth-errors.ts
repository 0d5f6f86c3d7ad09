import { ApiRequestError } from '../../lib/api-client.ts';

/**
 * What a person reads when an account call fails (docs/product/shop.md): the server's own message for a 4xx (it is
 * already in their language, e.g. throttling with its retry time) and for a 503 that names its cause
 * ("very many logins at once, try again in a moment"), `noMessage` when a 4xx came without one, and
 * `generic` for anything else (network down, server fault, unexpected answer).
 */
export function failureText(error: unknown, texts: { generic: string; noMessage?: string }): string {
  if (!(error instanceof ApiRequestError)) return texts.generic;
  const clientError = error.status >= 400 && error.status < 500;
  if (clientError && error.code === 'http_error') return texts.noMessage ?? texts.generic;
  if (clientError || (error.status === 503 && error.code !== 'http_error')) return error.message;
  return texts.generic;
}

/** The server's stable error code of a failed call, if it was an API error. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiRequestError ? error.code : null;
}

/**
 * `nextpage` of `/login/{nextpage?}` as an in-shop path, or null: a page name such as `update-address`
 * or `order/12`, never another site.
 */
export function nextPagePath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  value = value.replace(/^\/+/, '');
  if (!/^[\w-]+(\/[\w-]+)*(\?[\w\-=&%.]*)?$/.test(value)) return null;
  return `/${value}`;
}
