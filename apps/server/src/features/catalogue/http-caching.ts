import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, ifNoneMatchHits } from '../../http/caching.ts';
import type { Representation } from './catalogue-cache.ts';

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
