import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import { TokenArtService } from './token-art.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tokens' metadata and art read from the chain, built once. */
    tokenArt: TokenArtService;
  }
}

async function tokenArt(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  app.decorate('tokenArt', new TokenArtService({ chain: app.chain, publicUrl: config.publicUrl }));
}

export const tokenArtPlugin = fp(tokenArt, { name: 'token-art', dependencies: ['chain'] });
