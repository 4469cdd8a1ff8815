import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cellToLatLng } from 'h3-js';
import { txOf } from '../../plugins/db.ts';
import { interestLevels } from '../market/market.service.ts';
import { currentOrLastMood } from '../meet/mood.service.ts';
import { holdsAnyToken } from '../wallet/wallet.service.ts';
import { AdsService } from './ads.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The free tier's ads (house ads and businesses' campaigns), built once. */
    ads: AdsService;
  }
}

async function ads(app: FastifyInstance): Promise<void> {
  app.decorate(
    'ads',
    new AdsService({
      db: app.db,
      // No chain attached (yet): nobody can be shown to hold a token, so the free tier applies.
      holdsToken: (userId) =>
        app.chain.attached
          ? holdsAnyToken(app.chain.require().chain, userId)
          : Promise.resolve(false),
      moodOf: (userId) => currentOrLastMood(txOf(app.db), app.presence, userId),
      levelsOf: (userId) => interestLevels(txOf(app.db), userId),
      // The point the map shows (the hand's cell centre), never the exact position.
      positionOf: async (userId) => {
        const cell = (await app.presence.get(userId))?.cell;
        if (!cell) return null;
        const [lat, lon] = cellToLatLng(cell);
        return { lat, lon };
      },
    }),
  );
}

export const adsPlugin = fp(ads, { name: 'ads', dependencies: ['db', 'chain', 'presence'] });
