import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/**
 * Form bodies for the routes of the scope that registers it (`POST /api/login` takes form-data or
 * urlencoded fields, SPEC §7): both arrive as a plain object of strings, so the route's zod schema
 * validates them like JSON. Files are refused: no route of ours takes one.
 */
export default fp(
  async (app) => {
    await app.register(formbody, { bodyLimit: 16 * 1024 });
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 20, fieldSize: 4 * 1024, parts: 20 },
    });
  },
  { name: 'form-body' },
);
