import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, createTestUser, type TestServer } from './helper.ts';

// Every route's body, query, params and headers fuzzed from its schemas (the OpenAPI
// document, which the routes' zod schemas generate), as anonymous, customer and staff callers: never a
// 5xx, and an error is always JSON with a message and a code. Inputs are built to the schema's shape
// and then, node by node, sometimes replaced by something hostile (wrong types, NUL, huge numbers,
// long strings), so they get past the first check often enough to reach the handlers.

/** Runs per route; `FUZZ_RUNS` raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Values no schema wants, and that have broken servers before. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    '',
    '\u0000',
    'a\u0000b',
    -1,
    0,
    2 ** 31,
    2 ** 53,
    -(2 ** 63),
    1e308,
    0.5,
    true,
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '2026-02-30',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '__proto__',
    [],
    {},
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

function typed(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

/** A value of the schema's shape, each part sometimes replaced by a hostile one. */
function fuzzed(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, depth);
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: hostile });
}

function shapedBy(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map((part) => fuzzed(part, depth + 1)));
  if (schema.allOf?.[0]) return fuzzed(schema.allOf[0], depth + 1);
  if (Array.isArray(schema.type) && schema.type.length > 1) {
    return fc.oneof(...schema.type.map((type) => shapedBy({ ...schema, type }, depth)));
  }
  switch (typed(schema)) {
    case 'string':
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('1999-01-01'), max: new Date('3001-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString());
      }
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({
        minLength: Math.min(schema.minLength ?? 0, 50),
        maxLength: Math.min(schema.maxLength ?? 40, 60),
      });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? schema.exclusiveMinimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 6) return fc.constant([]);
      return fc.array(fuzzed(schema.items ?? {}, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
      const required = new Set(schema.required ?? []);
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, fuzzed(properties[key] ?? {}, depth + 1)])),
        // Required keys are dropped now and then too.
        { requiredKeys: keys.filter((key) => required.has(key) && Math.random() < 0.9) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A path parameter or query value as text: what a URL carries. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

interface Case {
  method: string;
  path: string;
  operation: Operation;
}

let server: TestServer;
let app: FastifyInstance;
let cases: Case[];

beforeAll(async () => {
  server = await buildTestServer({ SEED_OPENING_HOURS: 'always' });
  app = server.app;
  const document = app.swagger() as { paths: Record<string, Record<string, Operation & { responses?: object }>> };
  cases = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => !('101' in (operation.responses ?? {})))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(() => server.close());

describe('every route, fuzzed from its schemas', () => {
  it('lists the routes it fuzzes', () => {
    // The document must not be empty, or this whole test would prove nothing.
    expect(cases.length).toBeGreaterThan(60);
    expect(cases.map((entry) => `${entry.method} ${entry.path}`)).toContain('POST /api/orders/guest');
  });

  it('answers every input with a 2xx or a 4xx whose JSON names a message and a code', async () => {
    const failures: string[] = [];
    for (const { method, path, operation } of cases) {
      // Fresh callers per route: a route that ends a session must not blind the routes after it.
      const customer = await createTestUser(app);
      const admin = await createTestUser(app, { role: 'admin' });
      const parameters = operation.parameters ?? [];
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const input = fc.record({
        // Mostly staff on staff routes, so the inputs get past the door to the handlers.
        who: path.startsWith('/api/admin')
          ? fc.oneof(
              { weight: 1, arbitrary: fc.constantFrom('anonymous', 'customer') },
              { weight: 4, arbitrary: fc.constant('admin') },
            )
          : fc.constantFrom('anonymous', 'customer', 'admin'),
        values: fc.tuple(
          ...parameters.map((parameter) => fc.option(fuzzed(parameter.schema), { freq: 8 })),
          fc.constant(0),
        ),
        body: bodySchema ? fuzzed(bodySchema) : fc.constant(undefined),
        language: fc.constantFrom('de', 'en', 'fr', '*', ''),
      });
      await fc
        .assert(
          fc.asyncProperty(input, async ({ who, values, body, language }) => {
            let url = path;
            const query = new URLSearchParams();
            const headers: Record<string, string> = { 'accept-language': language };
            parameters.forEach((parameter, index) => {
              const value = values[index];
              if (parameter.in === 'path') {
                url = url.replace(`{${parameter.name}}`, encodeURIComponent(asText(value ?? 1)));
              } else if (value !== null && value !== undefined) {
                if (parameter.in === 'query') query.set(parameter.name, asText(value));
                else headers[parameter.name] = asText(value).replace(/[^\t\x20-\x7e]/g, '');
              }
            });
            if (who === 'customer') headers.authorization = customer.headers.authorization;
            if (who === 'admin') headers.authorization = admin.headers.authorization;
            const search = query.toString();
            const response = await app.inject({
              method: method as 'GET',
              url: search ? `${url}?${search}` : url,
              headers,
              ...(body === undefined || method === 'GET'
                ? {}
                : { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } }),
            });
            const what = `${method} ${url}${search ? `?${search}` : ''} as ${who}: ${response.statusCode} ${response.body.slice(0, 300)}`;
            if (response.statusCode >= 500) throw new Error(what);
            if (response.statusCode >= 400) {
              const error = response.json<{ message?: unknown; code?: unknown }>();
              if (typeof error.message !== 'string' || typeof error.code !== 'string' || error.message === '') {
                throw new Error(`no message and code: ${what}`);
              }
            }
          }),
          { numRuns: RUNS },
        )
        .catch((error: unknown) =>
          failures.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`),
        );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
