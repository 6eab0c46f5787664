import { AppError, MAX_JSON_DEPTH, nestsDeeperThan } from '@evalplan/common';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Middleware } from 'koa';

/** The contract's cap on request bodies. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * JSON bodies up to 1 MiB on POST, PUT and PATCH. Top-level values other than
 * objects and arrays are refused (400); an empty body with a JSON content
 * type is an empty object, as the known web client sends it everywhere.
 */
export function jsonBody(): Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonStrict: true,
    jsonLimit: BODY_LIMIT_BYTES,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH],
  }) as unknown as Middleware;
  // Checked after parsing and before anything walks the body recursively
  // (JSON.stringify on the way to a service would overflow the stack).
  const checkDepth: Middleware = (ctx, next) => {
    if (nestsDeeperThan(ctx.request.body, MAX_JSON_DEPTH)) {
      throw new AppError('INVALID_INPUT', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`, { field: 'body' });
    }
    return next();
  };
  // koa-body inspects the content type four times before it looks at the
  // method; skipping it for body-less methods is a third of /ping's cost.
  return (ctx, next) => (BODY_METHODS.has(ctx.method) ? parse(ctx, () => checkDepth(ctx, next)) : next());
}
