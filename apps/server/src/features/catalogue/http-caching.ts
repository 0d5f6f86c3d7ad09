import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Representation } from './catalogue-cache.ts';

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

/**
 * Sends a cached representation, compressed as the client accepts (compressed once, when the
 * catalogue loaded), or 304 without a body when the client already holds it. Browsers
 * must revalidate (`no-cache`), which costs a 304 while nothing changed.
 */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, representation: Representation) {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  // Each content coding is its own representation (RFC 9110 §8.8.3), so it gets its own strong ETag;
  // any of them names the same content, so any of them earns a 304.
  const etagFor = (coding: 'br' | 'gzip' | null) =>
    coding ? `${representation.etag.slice(0, -1)}-${coding}"` : representation.etag;
  reply
    .header('cache-control', 'no-cache')
    .header('etag', etagFor(encoding))
    .header('vary', 'Accept-Language, Accept-Encoding')
    .header('content-language', representation.language);
  const held = request.headers['if-none-match'];
  if (([null, 'br', 'gzip'] as const).some((coding) => ifNoneMatchHits(held, etagFor(coding)))) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(representation.body);
  return reply.header('content-encoding', encoding).send(representation.encoded[encoding]);
}
