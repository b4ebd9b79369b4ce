/** GET/POST /publish; under `npm run dev` there is nothing to publish (the site reloads by itself). */
import type { FastifyInstance } from 'fastify';

export interface PublishState {
  state: 'idle' | 'running' | 'done' | 'failed';
  step?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  durationMs?: number;
}

export interface Publisher {
  state(): PublishState;
  /** Starts a build unless one is running; returns the state right after. */
  start(): PublishState;
}

export const DEV_PUBLISH: PublishState = {
  state: 'done',
  message: 'In development the site reloads by itself.',
};

export function registerPublishRoutes(app: FastifyInstance, publisher: Publisher | undefined): void {
  app.get('/publish', async () => publisher?.state() ?? DEV_PUBLISH);
  app.post('/publish', async (_request, reply) => {
    if (!publisher) return DEV_PUBLISH;
    return reply.code(202).send(publisher.start());
  });
}
