import { loadConfig } from './config.ts';
import { buildServer } from './server.ts';

const config = loadConfig();
const server = await buildServer(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.log.info({ signal }, 'shutting down');
    void server.close().then(() => process.exit(0));
  });
}

await server.listen({ port: config.PORT, host: config.HOST });
