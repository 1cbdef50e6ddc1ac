import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi, OPENAPI_FILE } from '../src/cli/openapi';
import { newSiteRow } from '../src/modules/sites/site-defaults';
import { createHarness, type Harness } from './harness';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type Operation = OpenAPIV3_1.OperationObject & { method: string; path: string };

function operationsOf(doc: OpenAPIV3_1.Document): Operation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ ...item[method], method, path }] : [])),
  );
}

describe('OpenAPI document', () => {
  let generated: string;
  let doc: OpenAPIV3_1.Document;
  let operations: Operation[];
  beforeAll(async () => {
    generated = await generateOpenApi();
    doc = JSON.parse(generated) as OpenAPIV3_1.Document;
    operations = operationsOf(doc);
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing the contract)', () => {
    expect(generated).toBe(readFileSync(OPENAPI_FILE, 'utf8'));
  });

  it('names the contract schemas as components and documents the spec paths', () => {
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Video', 'PlayableUrl', 'SiteConfig', 'ErrorResponse']),
    );
    expect(Object.keys(doc.paths ?? {})).toEqual(
      expect.arrayContaining([
        '/v2/sites/{site}/videos/{uid}',
        '/v2/sites/{site}/videos/{uid}/play-url',
        '/v2/sites/{site}/config',
      ]),
    );
  });

  it('is OpenAPI 3.1 with JSON Schema 2020-12 schemas (no 3.0 nullable, no per-schema $schema)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://spec.openapis.org/oas/3.1/dialect/base');
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(generated).not.toContain('"nullable"');
    expect(generated).not.toContain('"$schema"');
  });

  it('gives every operation a unique operationId, a summary, declared tags and its security', () => {
    const declaredTags = new Set((doc.tags ?? []).map((t) => t.name));
    const missing = operations.filter(
      (op) =>
        !op.operationId ||
        !op.summary ||
        !op.tags?.length ||
        !op.tags.every((t) => declaredTags.has(t)) ||
        !Array.isArray(op.security),
    );
    expect(missing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });

  it('declares the bearer scheme; signed-in calls list 401 and admin calls name the role and list 403', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const op of operations) {
      const required = op.security!.length > 0 && op.security!.every((s) => 'bearer' in s);
      if (required) expect(Object.keys(op.responses ?? {}), `${op.method} ${op.path}`).toContain('401');
      if (op.security!.some((s) => s.bearer?.includes('admin'))) {
        expect(op.tags, `${op.method} ${op.path}`).toContain('admin');
        expect(Object.keys(op.responses ?? {}), `${op.method} ${op.path}`).toContain('403');
      }
    }
    const security = (id: string) => operations.find((op) => op.operationId === id)?.security;
    expect(security('getVideo')).toEqual([]);
    expect(security('listWatchList')).toEqual([{ bearer: [] }]);
    expect(security('getVideoPlayUrl')).toEqual([{}, { bearer: [] }]);
    expect(security('grantBundle')).toEqual([{ bearer: ['admin'] }]);
  });

  it('answers every error status with the ErrorResponse shape and a description of its own', () => {
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400) continue;
        const r = response as OpenAPIV3_1.ResponseObject;
        expect(r.content?.['application/json']?.schema, `${op.method} ${op.path} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorResponse',
        });
        expect(r.description).not.toBe('Default Response');
      }
    }
  });

  it('keeps no unused component schema and no two paths that differ only by parameter names', () => {
    for (const name of Object.keys(doc.components?.schemas ?? {})) {
      expect(generated, name).toContain(`"#/components/schemas/${name}"`);
    }
    const shapes = Object.keys(doc.paths ?? {}).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
  });
});

describe('/api/docs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await h.db.insertInto('sites').values(newSiteRow('demo', 'Marquee Demo')).execute();
  });
  afterAll(() => h.close());

  it('groups the operations by area tags, each described, in the order the document lists them', async () => {
    const doc = (await h.app.inject('/api/docs/json')).json() as OpenAPIV3_1.Document;
    const declared = (doc.tags ?? []).map((t) => t.name);
    expect(declared).toEqual(
      expect.arrayContaining(['catalog', 'playback', 'me', 'auth', 'commerce', 'admin']),
    );
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    const used = new Set(operationsOf(doc).flatMap((op) => op.tags ?? []));
    expect([...used].sort()).toEqual([...declared].sort());
    const ui = (await h.app.inject('/api/docs/static/swagger-initializer.js')).body;
    expect(ui).toContain('"docExpansion":"none"');
    expect(ui).toContain('"displayOperationId":true');
    expect((await h.app.inject('/api/docs/')).statusCode).toBe(200);
  });

  it('fills in the demo site wherever a call names a site', async () => {
    const doc = (await h.app.inject('/api/docs/json')).json() as OpenAPIV3_1.Document;
    const siteParams = operationsOf(doc).flatMap((op) =>
      ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).filter(
        (p) => (p.in === 'path' && p.name === 'site') || (p.in === 'query' && p.name === '__site'),
      ),
    );
    expect(siteParams.length).toBeGreaterThan(100);
    for (const p of siteParams) expect(p.example, `${p.in} ${p.name}`).toBe('demo');
  });

  it('declares the security the server enforces: bearer calls refuse an anonymous caller, the others never do', async () => {
    const doc = (await h.app.inject('/api/docs/json')).json() as OpenAPIV3_1.Document;
    const answers: string[] = [];
    for (const op of operationsOf(doc)) {
      const url = op.path.replace('{site}', 'demo').replace(/\{[^}]+\}/g, 'x1');
      const res = await h.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url,
        ...(op.requestBody ? { payload: {} } : {}),
      });
      const needsToken = op.security!.length > 0 && op.security!.every((s) => 'bearer' in s);
      // A bearer call may refuse an empty body (400 naming a field) before it looks at the caller.
      const bodyFirst = res.statusCode === 400 && op.requestBody !== undefined;
      if (needsToken ? res.statusCode !== 401 && !bodyFirst : res.statusCode === 401)
        answers.push(`${op.operationId} ${JSON.stringify(op.security)} answered ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });
});
