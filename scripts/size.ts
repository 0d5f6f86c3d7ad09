/**
 * Prints the gzip size of what the storefront loads first: the entry script, the chunks it preloads
 * and its stylesheets, as referenced by the built index.html. Exits non-zero over the JS budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_JS_BYTES = 120 * 1024;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const references = [...html.matchAll(/(?:src|href)="\/order-online\/([^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
const files = [...new Set(references)];
let js = 0;
let css = 0;
for (const file of files) {
  const gzipped = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  if (file.endsWith('.js')) js += gzipped;
  else css += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`initial JS:  ${(js / 1024).toFixed(1)} KB gzip (budget ${BUDGET_JS_BYTES / 1024} KB)`);
console.log(`initial CSS: ${(css / 1024).toFixed(1)} KB gzip`);
if (js > BUDGET_JS_BYTES) {
  console.error('The storefront’s initial JavaScript is over budget.');
  process.exit(1);
}
