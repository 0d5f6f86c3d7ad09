/**
 * Prints the gzip size of what the storefront loads first: the entry script, the chunks it preloads
 * and its stylesheets, as referenced by the built index.html. Exits non-zero over the JS budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from '../apps/web/build/compile-hints.ts';

const BUDGET_JS_BYTES = 130 * 1024;
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

// The back office (DESIGN §6): lazy, never in the first load. Its size is the admin chunk, its stylesheet
// and the chunks it imports that the first load does not already bring.
const assets = readdirSync(path.join(dist, 'assets'));
const adminEntry = assets.find((file) => /^admin-area-[\w-]+\.js$/.test(file));
if (!adminEntry) {
  console.error('No back-office chunk (admin-area-*.js) in the build.');
  process.exit(1);
}
const adminFiles = new Set<string>();
for (let pending = [`assets/${adminEntry}`]; pending.length > 0;) {
  const file = pending.pop() ?? '';
  if (adminFiles.has(file) || files.includes(file)) continue;
  adminFiles.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const [, imported] of code.matchAll(/(?:^|[;\n])import[^"]*?from"\.\/([^"]+\.js)"/g))
    pending.push(`assets/${imported}`);
}
for (const css of assets.filter((file) => /^admin-area-[\w-]+\.css$/.test(file))) adminFiles.add(`assets/${css}`);
const adminBytes = [...adminFiles].reduce(
  (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  0,
);
console.log(
  `back office:  ${(adminBytes / 1024).toFixed(1)} KB gzip, lazy (${adminFiles.size} files, none in the first load)`,
);
if (files.some((file) => /admin/.test(file))) {
  console.error('Back-office code is in the storefront’s first load.');
  process.exit(1);
}

// PayPal's buttons and SDK loader: a lazy chunk of the checkout, never in the first load.
const payPalChunk = assets.find((file) => /^paypal-buttons-[\w-]+\.js$/.test(file));
if (!payPalChunk) {
  console.error('No PayPal chunk (paypal-buttons-*.js) in the build.');
  process.exit(1);
}
const payPalMarkers = /PayPalButtons|data-sdk-integration-source/;
if (files.some((file) => file.endsWith('.js') && payPalMarkers.test(readFileSync(path.join(dist, file), 'utf8')))) {
  console.error('PayPal’s code is in the storefront’s first load.');
  process.exit(1);
}
console.log(`PayPal:       lazy (assets/${payPalChunk})`);

// The phone number parser (issue 15, about 30 KB): a lazy chunk of the screens that take or show a phone
// number, never in the first load nor imported by what every visit loads right after it (the live status).
const phoneChunk = assets.find((file) => /^phone-[\w-]+\.js$/.test(file));
if (!phoneChunk) {
  console.error('No phone number chunk (phone-*.js) in the build.');
  process.exit(1);
}
const importsPhone = (file: string) => readFileSync(path.join(dist, file), 'utf8').includes(`from"./${phoneChunk}"`);
const loadedEarly = assets.filter((file) => /^(?:status-connection|domain-lazy)-[\w-]+\.js$/.test(file));
if (
  files.includes(`assets/${phoneChunk}`) ||
  files.some((file) => file.endsWith('.js') && importsPhone(file)) ||
  loadedEarly.some((file) => importsPhone(`assets/${file}`))
) {
  console.error('The phone number parser is loaded with the first load or the live status.');
  process.exit(1);
}
const phoneBytes = gzipSync(readFileSync(path.join(dist, 'assets', phoneChunk)), { level: 9 }).length;
console.log(`phone parser: ${(phoneBytes / 1024).toFixed(1)} KB gzip, lazy (assets/${phoneChunk})`);

// The dialogs a tap opens carry V8's compile hint, so Chrome compiles their code while it is idle
// (apps/web/build/compile-hints.ts); the first load is compiled as it runs and carries none.
const hinted = (file: string) => readFileSync(path.join(dist, file), 'utf8').startsWith(`${COMPILE_HINT}\n`);
const hintedChunks = assets.filter((file) => file.endsWith('.js') && hinted(`assets/${file}`));
console.log(`compile hints: ${hintedChunks.length} lazy chunks of the dialogs a tap opens`);
if (!hintedChunks.some((file) => /^product-options-dialog-[\w-]+\.js$/.test(file))) {
  console.error('The options dialog’s chunk has no compile hint.');
  process.exit(1);
}
if (files.some((file) => file.endsWith('.js') && hinted(file))) {
  console.error('A first-load script carries the compile hint meant for lazy dialogs.');
  process.exit(1);
}

if (js > BUDGET_JS_BYTES) {
  console.error('The storefront’s initial JavaScript is over budget.');
  process.exit(1);
}
