import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataExportSchema,
  deletionRequestSchema,
  deletionResponseSchema,
  deletionStatusSchema,
  exportParamsSchema,
  exportQuerySchema,
  exportRequestResponseSchema,
} from '@meeet/core/api/account';
import { accountPaths } from '@meeet/core/api/account-paths';
import { routeOptions } from '../../lib/route-options.ts';
import type { AppConfig } from '../../config.ts';
import { authOf } from '../../plugins/auth.ts';

const tags = ['user'];
const MINUTE = 60_000;

/** Account deletion and data export (issue 43). Routes only translate HTTP to the services. */
export const accountRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { accountDeletion, dataExport } = app;
  const limit = { rateLimit: { max: config.limits.authPerIpPerMinute, timeWindow: MINUTE } };

  const signedIn = routeOptions(tags, app.requireAuth);
  const signedInLimited = routeOptions(tags, app.requireAuth, { config: limit });

  app.get(
    accountPaths.deletion,
    signedIn('A pending account deletion and what the user still holds', {
      response: { 200: deletionStatusSchema },
    }),
    (request) => accountDeletion.status(authOf(request)),
  );

  app.post(
    accountPaths.deletion,
    signedInLimited('Delete the account after a 30-day grace period (signs out everywhere)', {
      body: deletionRequestSchema,
      response: { 200: deletionResponseSchema },
    }),
    (request) => accountDeletion.request(authOf(request), request.body),
  );

  app.post(
    accountPaths.exportRequest,
    signedInLimited('Build a JSON archive of the user’s data and mail a link to it', {
      response: { 200: exportRequestResponseSchema },
    }),
    async (request) => {
      await dataExport.request(authOf(request));
      return { requested: true as const };
    },
  );

  app.get(
    accountPaths.exportDownload(':id'),
    signedIn('The archive behind a mailed link (its owner only)', {
      params: exportParamsSchema,
      querystring: exportQuerySchema,
      response: { 200: dataExportSchema },
    }),
    async (request, reply) => {
      const archive = await dataExport.download(authOf(request), request.params.id, request.query);
      void reply.header('content-disposition', 'attachment; filename="meeet-data.json"');
      return archive;
    },
  );
};
