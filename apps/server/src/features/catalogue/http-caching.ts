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
 * Sends a cached representation, or 304 without a body when the client already holds it. Browsers
 * must revalidate (`no-cache`), which costs a 304 while nothing changed.
 */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, representation: Representation) {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', representation.etag)
    .header('vary', 'Accept-Language')
    .header('content-language', representation.language);
  if (ifNoneMatchHits(request.headers['if-none-match'], representation.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(representation.body);
}
