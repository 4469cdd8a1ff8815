import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { findForbiddenTextPath, INVALID_CHARACTERS_KEY } from '@meeet/core/rules/text';

/**
 * The zod validator of every route, behind one shared text rule: a forbidden character (NUL)
 * anywhere in a body, query, params or headers is a field error, once for every field, before
 * any schema or the database sees it.
 */
export const validatorWithTextRule: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const path = findForbiddenTextPath(data);
    if (path !== null) {
      return {
        error: new AppError(ErrorCode.VALIDATION_ERROR, {
          fields: { [path || (route.httpPart ?? 'body')]: INVALID_CHARACTERS_KEY },
        }),
      };
    }
    return validate(data);
  };
};
