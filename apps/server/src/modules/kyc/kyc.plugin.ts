import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { userRoom } from '../../plugins/socket.ts';
import { noticePush } from '../push/push.texts.ts';
import { KycService } from './kyc.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users' verification and its moderation, built once. */
    kyc: KycService;
  }
}

async function kyc(app: FastifyInstance): Promise<void> {
  app.decorate(
    'kyc',
    new KycService({
      db: app.db,
      mail: app.mail,
      notify: (userId, payload) => {
        app.io.to(userRoom(userId)).emit('notification', payload);
        void app.push.notify(userId, 'kyc', noticePush('kyc', payload.text));
      },
      log: app.log,
    }),
  );
}

export const kycPlugin = fp(kyc, { name: 'kyc', dependencies: ['db', 'mail', 'socket', 'push'] });
