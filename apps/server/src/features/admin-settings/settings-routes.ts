import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: filled in by issue 11's work on this part.
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;
