import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { Semaphore } from '../../lib/semaphore.ts';
import { MediaService } from './media.service.ts';
import { LocalMediaStorage } from './media.storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images, their albums and their files, built once. */
    media: MediaService;
  }
}

async function media(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  app.decorate(
    'media',
    new MediaService({
      db: app.db,
      storage: new LocalMediaStorage(config.media.dir),
      imageWork: new Semaphore(2, 32),
      maxPixels: config.media.maxPixels,
      log: app.log,
    }),
  );
}

export const mediaPlugin = fp(media, { name: 'media', dependencies: ['db'] });
