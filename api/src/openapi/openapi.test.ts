import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import express from 'express';
import request from 'supertest';
import { routeTable } from '../../test/database-snapshot';
import { checkAnswersOf, checkedAnswerCount, takeAnswerProblems } from '../../test/answer-check';
import { createAccount, createTestApi, type TestApi } from '../../test/helpers';
import { createApp } from '../app';
import { expressPath } from '../http/route-spec';
import { createLogger } from '../logger';
import { execFileSync } from 'node:child_process';
import { generatedDocument } from './generate';

// The OpenAPI document is generated from the route declarations; these tests keep the document,
// the committed copies and the app's real routes the same thing.

const repoRoot = path.join(__dirname, '../../..');
const committedDocumentPath = path.join(repoRoot, 'docs/openapi.json');
const committedTypesPath = path.join(repoRoot, 'contracts/src/api-types.ts');
const REGENERATE = 'run `npm run openapi` and commit docs/openapi.json and contracts/src/api-types.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const document = generatedDocument();
const operations = Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
  Object.entries(item as Record<string, { responses: Record<string, { content?: Record<string, { schema: object; example?: unknown }> }> }>).map(
    ([method, operation]) => ({ method, template, operation }),
  ),
);

it('is a valid OpenAPI 3.1 document (the official schema, every $ref resolved)', async () => {
  expect(document.openapi).toBe('3.1.0');
  // validate() dereferences in place: give it a copy.
  await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
});

it('documents every route the app serves, and no route it does not', () => {
  const documented = operations.map(({ method, template }) => `${method.toUpperCase()} ${expressPath(template)}`).sort();
  expect(documented).toEqual(routeTable(api.app));
});

it('is the committed docs/openapi.json (every api change shows in review)', () => {
  const committed = JSON.parse(readFileSync(committedDocumentPath, 'utf8')) as unknown;
  expect({ committed, hint: REGENERATE }).toEqual({ committed: JSON.parse(JSON.stringify(document)), hint: REGENERATE });
});

it('is the source of the committed front-end types (contracts/src/api-types.ts)', () => {
  const committed = readFileSync(committedTypesPath, 'utf8');
  // openapi-typescript is ESM only: the very module `npm run openapi` uses, in a node of its own.
  const generated = execFileSync(process.execPath, [path.join(repoRoot, 'tooling/openapi-types.mjs')], { input: JSON.stringify(document), encoding: 'utf8' });
  expect({ committed, hint: REGENERATE }).toEqual({ committed: generated, hint: REGENERATE });
});

it('types money, ids and times precisely', () => {
  const schemas = document.components!.schemas! as Record<string, Record<string, unknown>>;
  expect(schemas.Cents).toMatchObject({ type: 'integer', minimum: 0, description: expect.stringContaining('USD') });
  expect(schemas.ObjectId).toMatchObject({ type: 'string', pattern: '^[0-9a-f]{24}$' });
  expect(schemas.DateTime).toMatchObject({ type: 'string', format: 'date-time' });
  expect((schemas.Part!.properties as Record<string, unknown>).price).toEqual({ $ref: '#/components/schemas/Cents' });
  expect((schemas.Order!.properties as Record<string, unknown>).createdAt).toEqual({ $ref: '#/components/schemas/DateTime' });
});

it('gives each operation one example answer, which matches its own schema', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: document.components } as object);
  for (const { method, template, operation } of operations) {
    const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
    expect(success).toBeDefined();
    const json = success![1].content?.['application/json'];
    if (!json) continue; // 204 and the HTML reference page have no JSON to show.
    if (template === '/openapi.json') continue; // Its answer is this document.
    expect({ operation: `${method} ${template}`, hasExample: json.example !== undefined }).toEqual({ operation: `${method} ${template}`, hasExample: true });
    const schema = JSON.parse(JSON.stringify(json.schema).replaceAll('"#/components/', '"openapi.json#/components/')) as object;
    const valid = ajv.validate(schema, json.example);
    expect({ operation: `${method} ${template}`, errors: valid ? null : ajv.errors }).toEqual({ operation: `${method} ${template}`, errors: null });
  }
});

it('says who may call each operation, and its rate limit and idempotency key where it has them', () => {
  const post = document.paths!['/order']!.post!;
  expect(post.security).toEqual([{ accessToken: [] }]);
  expect(post['x-rate-limit']).toEqual([{ per: 'account', calls: 20, windowSeconds: 60, variable: 'RATE_LIMIT_ORDERS' }]);
  expect(post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Idempotency-Key' })]));
  expect(document.paths!['/tools']!.post!.security).toEqual([{ adminAccessToken: [] }]);
  expect(document.paths!['/tools']!.get!.security).toBeUndefined();
  expect(document.paths!['/webhooks/stripe']!.post!.security).toEqual([{ stripeSignature: [] }]);
  expect(document.paths!['/user/{email}']!.put!.security).toEqual([{ accessToken: [] }, { firebaseIdToken: [] }]);
});

describe('GET /openapi.json and GET /docs', () => {
  it('serve the document and a reference page from the api’s own files, publicly and cacheably', async () => {
    const served = await request(api.app).get('/openapi.json');
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.body).toEqual(JSON.parse(JSON.stringify(document)));
    const page = await request(api.app).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).toEqual(['docs/assets/swagger-ui-bundle.js', 'docs/init.js']);
    for (const asset of [...scripts, 'docs/assets/swagger-ui.css']) {
      const file = await request(api.app).get(`/${asset}`);
      expect({ asset, status: file.status }).toEqual({ asset, status: 200 });
    }
  });

  it('are gone when API_DOCS is off (production’s default: config.test.ts)', async () => {
    const off = checkAnswersOf(createApp({ ...api, config: { ...api.config, apiDocs: false }, logger: createLogger('silent') }));
    expect((await request(off).get('/openapi.json')).status).toBe(404);
    expect((await request(off).get('/docs')).status).toBe(404);
    expect((await request(off).get('/docs/assets/swagger-ui-bundle.js')).status).toBe(404);
    expect((await request(off).get('/tools')).status).toBe(200);
  });
});

describe('the answer check every suite runs (test/answer-check.ts)', () => {
  it('flags an answer whose body the document does not describe, and a status it does not list', async () => {
    const liar = checkAnswersOf(express());
    liar.get('/tools/:id', (_req, res) => {
      res.json({ _id: 'not-an-object-id', name: 42 });
    });
    liar.get('/tools', (_req, res) => {
      res.status(418).json({ message: 'I am a teapot' });
    });
    await request(liar).get('/tools/6650a1b2c3d4e5f6a7b80012');
    await request(liar).get('/tools');
    const problems = takeAnswerProblems();
    expect(problems).toEqual([
      expect.stringMatching(/^GET \/tools\/\{id\} → 200: the body does not match the document: .*\/_id must match pattern/),
      expect.stringMatching(/^GET \/tools → 418: this status is not documented/),
    ]);
  });

  it('checks the real app’s answers (a signed-in list included)', async () => {
    const customer = await createAccount(api, 'customer');
    const before = checkedAnswerCount();
    const answer = await request(api.app).get(`/myorder?email=${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
    expect(answer.status).toBe(200);
    expect(checkedAnswerCount()).toBe(before + 1);
    expect(takeAnswerProblems()).toEqual([]);
  });
});
