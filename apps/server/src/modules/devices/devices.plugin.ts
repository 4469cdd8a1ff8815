import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { DevicesService } from './devices.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    devices: DevicesService;
  }
}

/** The devices service at the app's root: the meetings routes ask it for the call's device. */
async function devicesService(app: FastifyInstance, { config }: { config: AppConfig }) {
  app.decorate(
    'devices',
    new DevicesService({
      db: app.db,
      config: config.appAttest,
      sessions: app.sessions,
      log: app.log,
    }),
  );
}

export const devicesPlugin = fp(devicesService, { name: 'devices', dependencies: ['auth'] });
