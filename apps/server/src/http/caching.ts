import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Sending a body that is read far more often than it changes (the catalogue, the rendered menu page):
// compressed once, named by a strong ETag, and chosen by what the client accepts and already holds.

/** A body compressed once in each coding the shop sends. */
export interface Encoded {
  br: Buffer;
  gzip: Buffer;
}

/** A strong ETag, quoted: a hash of the body. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses off the event loop (zlib's thread pool); brotli at a level that is fast for ~50 KB. */
export async function encode(body: Buffer): Promise<Encoded> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * Whether an If-None-Match header names the current ETag (RFC 9110 §13.1.2: weak comparison, so a
 * `W/` prefix a proxy added still matches; `*` matches any current representation).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A coding the
 * client marks `q=0` is refused.
 */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const allows = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}
