import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { txOf } from './db.ts';
import { eraseMedia } from '../modules/media/media.personal-data.ts';
import { LocalMediaStorage } from '../modules/media/media.storage.ts';
import { meetingsForExport } from '../modules/meetings/meetings.personal-data.ts';
import { eraseMeetData, messagesForExport } from '../modules/meet/meet.personal-data.ts';
import { erasePushTokens } from '../modules/push/push.personal-data.ts';
import { heldFunds, transactionsForExport } from '../modules/wallet/wallet.personal-data.ts';

/**
 * Each module's part of account deletion and data export (issue 43), given to the users
 * module's services here, outside every module, so no module cycle forms (check-seams).
 */
async function personalData(app: FastifyInstance, { config }: { config: AppConfig }) {
  const { accountDeletion, dataExport } = app;
  const mediaStorage = new LocalMediaStorage(config.media.dir);
  accountDeletion.readFundsWith((userId) => heldFunds(app.chain, txOf(app.db), userId));
  accountDeletion.addEraser(async (tx, userId) => {
    await eraseMeetData(txOf(tx), userId);
    // Off the live map too, once the erasure is committed.
    return async () => void (await app.presence.remove(userId));
  });
  accountDeletion.addEraser((tx, userId) => erasePushTokens(txOf(tx), userId));
  accountDeletion.addEraser((tx, userId) => eraseMedia(txOf(tx), userId, mediaStorage));
  dataExport.addSource(async (db, userId) => ({
    messages: await messagesForExport(txOf(db), userId),
  }));
  dataExport.addSource(async (db, userId) => ({
    meetings: await meetingsForExport(txOf(db), userId),
  }));
  dataExport.addSource(async (db, userId) => ({
    transactions: await transactionsForExport(txOf(db), userId),
  }));
}

export const personalDataPlugin = fp(personalData, {
  name: 'personal-data',
  dependencies: ['account', 'chain', 'presence'],
});
