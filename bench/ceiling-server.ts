import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

// The ceiling of menu-reads.ts: a bare Fastify route that answers with the bytes and headers the shop's
// menu answered with, from memory, in a process of its own as the shop's server is. What the shop's
// server does on top (routing under its plugins, hooks, headers, the catalogue cache) is the difference.

const body = readFileSync(process.env.CEILING_BODY_FILE ?? '');
const headers = JSON.parse(process.env.CEILING_HEADERS ?? '{}') as Record<string, string>;

const server = Fastify({ logger: false });
server.get('/api/products/', (_request, reply) => reply.headers(headers).send(body));
await server.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (server.server.address() as AddressInfo).port });
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
