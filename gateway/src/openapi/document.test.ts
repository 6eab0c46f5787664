import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Cache } from '@evalplan/common/cache';
import type { DependencyMonitor } from '@evalplan/common/dependencies';
import { createLogger } from '@evalplan/common/logging';
import Router from '@koa/router';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createApp } from '../app';
import type { ServiceClients } from '../clients';
import { loadGatewayConfig } from '../config';
import { Drain } from '../middleware/drain';
import { openApiDocument } from './document';
import { STEP_DATA_EXAMPLES } from './examples';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = openApiDocument() as Json;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Method and path of every operation in the document ("GET /api/v1/sessions/{}"), parameters unnamed. */
function documentedRoutes(): string[] {
  return Object.entries(doc.paths as Json).flatMap(([template, item]) =>
    HTTP_METHODS.filter((method) => (item as Json)[method]).map(
      (method) => `${method.toUpperCase()} ${template.replace(/\{[^{}]+\}/g, '{}')}`,
    ),
  );
}

/** The gateway's router, as createApp composes it: the one every request is dispatched through. */
function gatewayRouter(): Router {
  const seen: Router[] = [];
  const original = Router.prototype.routes;
  const spy = jest.spyOn(Router.prototype, 'routes').mockImplementation(function (this: Router) {
    seen.push(this);
    return original.call(this);
  });
  try {
    const stub = {} as never;
    createApp({
      config: loadGatewayConfig({}),
      logger: createLogger({ name: 'test', level: 'silent' }),
      cache: stub as Cache,
      clients: { auth: stub, wizard: stub, pdf: stub, activity: stub } as unknown as ServiceClients,
      drain: new Drain(),
      dependencies: stub as DependencyMonitor,
    });
  } finally {
    spy.mockRestore();
  }
  // The root holds every sub-router's layers.
  return seen.reduce((largest, router) => (router.stack.length > largest.stack.length ? router : largest));
}

/** Method and path of every route the router answers, HEAD left out (GET answers it). */
function routedRoutes(router: Router): string[] {
  return router.stack.flatMap((layer) => {
    // The one regexp route: every path under /files/pdfs/, documented as the keys it serves.
    const template =
      layer.path instanceof RegExp || typeof layer.path !== 'string'
        ? String(layer.path) === String(/^\/files\/pdfs\/.+$/)
          ? '/files/pdfs/{}/{}/{}'
          : String(layer.path)
        : layer.path.replace(/:[A-Za-z_]\w*/g, '{}');
    return layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${template}`);
  });
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (the specification’s own JSON Schema)', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    // A copy: the validator may annotate what it is given.
    const result = await validator.validate(JSON.parse(JSON.stringify(doc)) as Parameters<typeof validator.validate>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every route the gateway answers, and no other', () => {
    const routed = routedRoutes(gatewayRouter()).sort();
    const documented = documentedRoutes().sort();
    expect({ undocumented: routed.filter((route) => !documented.includes(route)) }).toEqual({ undocumented: [] });
    expect({ notRouted: documented.filter((route) => !routed.includes(route)) }).toEqual({ notRouted: [] });
  });

  it('gives every operation an id, a summary, and an error envelope for each non-2xx answer', () => {
    const problems: string[] = [];
    for (const [template, item] of Object.entries(doc.paths as Json)) {
      for (const method of HTTP_METHODS.filter((name) => (item as Json)[name])) {
        const operation = (item as Json)[method] as Json;
        const name = `${method.toUpperCase()} ${template}`;
        if (!operation.operationId || !operation.summary) problems.push(`${name}: no operationId or summary`);
        for (const [status, response] of Object.entries(operation.responses as Json)) {
          if (!(response as Json).headers?.['X-Request-Id']) problems.push(`${name} ${status}: no X-Request-Id header`);
          if (Number(status) >= 400 && template !== '/ready') {
            const schema = (response as Json).content?.['application/json']?.schema as Json | undefined;
            if (schema?.allOf?.[0]?.$ref !== '#/components/schemas/ErrorEnvelope')
              problems.push(`${name} ${status}: not the error envelope`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists every schema a $ref names, and each schema meets its own examples', () => {
    const schemas = doc.components.schemas as Json;
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in schemas))).toEqual([]);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('idn-email', /@/);
    for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const failing: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      const validate = ajv.getSchema(`#/components/schemas/${name}`)!;
      for (const example of ((schema as Json).examples as unknown[] | undefined) ?? []) {
        if (!validate(example)) failing.push(`${name}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(failing).toEqual([]);
    expect(Object.values(schemas).filter((schema) => (schema as Json).examples).length).toBeGreaterThanOrEqual(12);
  });

  it('has the same step examples as docs/api.md, for all four steps', () => {
    const markdown = readFileSync(path.join(__dirname, '../../../docs/api.md'), 'utf8');
    const blocks = [...markdown.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]!);
    const stepBodies = blocks.filter((block) => block.includes('"stepData"')).map((block) => JSON.parse(block) as unknown);
    const expected = ([1, 2, 3, 4] as const).map((step) => ({ stepData: STEP_DATA_EXAMPLES[step] }));
    expect(stepBodies).toEqual(expect.arrayContaining(expected));
    const documented = doc.paths['/api/v1/sessions/{sessionId}/wizard/step/{stepNumber}'].put.requestBody.content['application/json']
      .examples as Json;
    for (const [index, body] of expected.entries()) expect(documented[`step${index + 1}`].value).toEqual(body);
  });
});
