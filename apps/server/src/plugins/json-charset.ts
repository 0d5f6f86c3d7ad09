import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

const UNSUPPORTED_CHARSET = new HttpError(415, 'unsupported_charset', {
  de: 'Die Anfrage ist in einer Zeichenkodierung, die wir nicht lesen. Bitte senden Sie JSON in UTF-8.',
  en: 'The request is in a character encoding we do not read. Please send JSON in UTF-8.',
});

/** `utf8` is no registered name, but it is how some clients spell UTF-8, and reads the same. */
const UTF_8 = new Set(['utf-8', 'utf8']);

/**
 * Whether a `Content-Type` header declares JSON in a charset other than UTF-8. JSON is UTF-8 (RFC 8259),
 * and the parsers read every body as UTF-8 whatever it declares: a body in UTF-16 or Latin-1 would
 * arrive as something other than was sent, or not at all.
 */
function declaresForeignJsonCharset(header: string | undefined): boolean {
  if (!header) return false;
  const [mediaType = '', ...parameters] = header.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') return false;
  return parameters.some((parameter) => {
    const [name = '', value = ''] = parameter.split('=', 2);
    if (name.trim().toLowerCase() !== 'charset') return false;
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    return !UTF_8.has(charset);
  });
}

/**
 * Refuses JSON declared in another charset with 415 on every route, before its body is read: the
 * routes that read JSON their own way (PayPal's webhook) too.
 */
export default fp(
  async (app) => {
    app.addHook('preParsing', async (request) => {
      if (declaresForeignJsonCharset(request.headers['content-type'])) throw UNSUPPORTED_CHARSET;
    });
  },
  { name: 'json-charset', dependencies: ['errors'] },
);
