import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from '../modules/jobs/jobs.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable side-effect queue; modules register their job kinds at registration. */
    jobs: JobQueue;
  }
}

/** The queue only; its poller is started by the server (tests drive it themselves). */
async function jobs(app: FastifyInstance): Promise<void> {
  app.decorate('jobs', new JobQueue(app.db, app.log));
}

export const jobsPlugin = fp(jobs, { name: 'jobs', dependencies: ['db'] });
