import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { chooseEncoding, encode } from '../apps/server/src/http/caching.ts';
import { SHOP_PATH } from './lighthouse-shop.ts';

// The ceiling of the menu's LCP: the page the server renders, without its scripts. A tiny proxy in the
// bench's process (the product server gets no route for it) answers the menu page with the server's
// HTML less every module script and modulepreload link, and passes every other request (styles,
// images, fonts, robots.txt) to the storefront, so the page keeps its CSS, its images and its headers.
// Lighthouse measures it on its own origin as it measures the shop: what is left of the LCP is what
// the HTML, the stylesheet and the images cost, and the real page's LCP over it is what the scripts add.

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>[\s\S]*?<\/script>\s*/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g;

/** Headers that describe the body as the storefront sent it, not as the ceiling sends it. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'connection']);

/** The page without its module scripts and modulepreload links; throws when it has none (the wrong page). */
export function withoutScripts(html: string): string {
  const stripped = html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  if (stripped === html) throw new Error(`${SHOP_PATH} has no module script to remove`);
  if (/\btype="module"|\brel="modulepreload"/.test(stripped)) {
    throw new Error(`${SHOP_PATH} still loads a module after its scripts were removed`);
  }
  return stripped;
}

export interface Ceiling {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  stop(): Promise<void>;
}

function forward(
  upstream: URL,
  incoming: IncomingMessage,
  headers: IncomingHttpHeaders,
  respond: (answer: IncomingMessage) => void,
  fail: (error: Error) => void,
): void {
  const outgoing = request(
    { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
    respond,
  );
  outgoing.once('error', fail);
  incoming.pipe(outgoing);
}

/** Answers the menu page without its scripts, compressed as the storefront compresses it. */
function sendPage(incoming: IncomingMessage, answer: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.once('error', (error) => response.destroy(error));
  answer.once('end', () => {
    void (async () => {
      const html = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')), 'utf8');
      const headers = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => !BODY_HEADERS.has(name.toLowerCase())),
      );
      const encoding = chooseEncoding(incoming.headers['accept-encoding']);
      const body = encoding ? (await encode(html))[encoding] : html;
      response.writeHead(answer.statusCode ?? 200, {
        ...headers,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        'content-length': body.length,
      });
      response.end(body);
    })().catch((error: unknown) => {
      console.error('ceiling: could not serve the page without scripts:', error);
      response.destroy();
    });
  });
}

/** Starts the ceiling in front of the storefront at `origin`, on 127.0.0.1 and a free port. */
export async function startCeiling(storefrontOrigin: string): Promise<Ceiling> {
  const upstream = new URL(storefrontOrigin);
  const server = createServer((incoming, response) => {
    const fail = (error: Error) => {
      console.error(`ceiling: ${incoming.method} ${incoming.url} failed:`, error.message);
      response.destroy();
    };
    const page = incoming.method === 'GET' && new URL(incoming.url ?? '/', 'http://ceiling').pathname === SHOP_PATH;
    if (!page) {
      forward(
        upstream,
        incoming,
        incoming.headers,
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
        fail,
      );
      return;
    }
    // Asked for uncompressed, so the scripts can be removed; compressed again below. A conditional
    // request would get a 304 without the page to strip: the ceiling always sends it whole.
    const { 'if-none-match': _etag, 'if-modified-since': _since, ...headers } = incoming.headers;
    forward(
      upstream,
      incoming,
      { ...headers, 'accept-encoding': 'identity' },
      (answer) => {
        if (answer.statusCode !== 200 || !String(answer.headers['content-type']).startsWith('text/html')) {
          answer.resume();
          fail(new Error(`the storefront answered ${answer.statusCode} ${answer.headers['content-type']}`));
          return;
        }
        sendPage(incoming, answer, response);
      },
      fail,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the ceiling has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
