/** POST /images: picture upload (step 4, not yet). */
import type { FastifyInstance } from 'fastify';

export async function registerImageRoutes(
  _app: FastifyInstance,
  _options: { contentDir: string },
): Promise<void> {}
