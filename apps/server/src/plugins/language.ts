import fp from 'fastify-plugin';
import type { Language } from '@pizzeria/domain';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer in, negotiated from Accept-Language; German unless English is preferred. */
    language: Language;
  }
}

const SUPPORTED: readonly Language[] = ['de', 'en'];
const DEFAULT_LANGUAGE: Language = 'de';
/** RFC 9110 §12.4.2 qvalue. */
const Q_VALUE = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/;

/**
 * Picks the language to answer in from an Accept-Language header: the supported language with the
 * highest weight (`en-US;q=0.9` counts as `en`), German when the header names none of ours.
 */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: Language = DEFAULT_LANGUAGE;
  let bestWeight = 0;
  for (const range of header.split(',')) {
    const [tag = '', ...parameters] = range.split(';');
    const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
    const language =
      SUPPORTED.find((candidate) => candidate === primary) ?? (primary === '*' ? DEFAULT_LANGUAGE : null);
    if (!language) continue;
    const weight = weightOf(parameters);
    if (weight > bestWeight) {
      best = language;
      bestWeight = weight;
    }
  }
  return best;
}

function weightOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'q') continue;
    // A malformed weight makes the range unacceptable rather than preferred.
    return value !== undefined && Q_VALUE.test(value) ? Number(value) : 0;
  }
  return 1;
}

/** Decorates every request with the negotiated `request.language`. */
export default fp(
  async (app) => {
    app.decorateRequest('language', {
      getter() {
        return negotiateLanguage(this.headers['accept-language']);
      },
    });
  },
  { name: 'language' },
);
