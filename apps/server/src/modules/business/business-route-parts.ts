import { errorBodySchema } from '@meeet/core/api/errors';

/** What every business route's OpenAPI entry shares: its tag, the bearer token, refusals. */
export const tags = ['business'];
export const bearer = [{ bearerAuth: [] }];
export const refusals = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
