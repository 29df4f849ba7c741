import { ServerResponse } from 'node:http';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import { generatedDocument } from '../src/openapi/generate';

// Every answer the api's integration tests receive is checked against the OpenAPI document: its
// status must be documented for that method and path, and its JSON body must match the schema
// documented for that status. One checker for every suite (answer-check-setup.ts fails the test
// that received a wrong answer), so the document cannot say one thing while the api does another.

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

type Document = ReturnType<typeof generatedDocument>;

let checker: { operations: Operation[]; document: Document; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;

function setUp() {
  if (checker) return checker;
  const document = generatedDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // Schemas' $refs point at the document's components: the document itself is the root.
  ajv.addSchema({ $id: 'openapi.json', components: document.components } as object);
  const operations = Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    Object.entries(item as Record<string, Operation['responses'] & { responses: Operation['responses'] }>).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
      responses: operation.responses,
    })),
  );
  checker = { operations, document, ajv, compiled: new Map() };
  return checker;
}

/** The schema (as ajv will resolve it) documented for an answer, or why there is none. */
function validatorFor(key: string, schema: object): ValidateFunction {
  const { ajv, compiled } = setUp();
  let validate = compiled.get(key);
  if (!validate) {
    // Refs like #/components/schemas/Part resolve against the registered document.
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')) as object;
    validate = ajv.compile(rebased);
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * What is wrong with this answer according to the document, or undefined when nothing is.
 * `path` without its query string.
 */
export function answerProblem(method: string, path: string, status: number, contentType: string | undefined, body: Buffer): string | undefined {
  const { operations, document } = setUp();
  const upper = method.toUpperCase();
  // A CORS preflight is the cors middleware's, not an operation; HEAD has no body to check.
  if (upper === 'OPTIONS') return undefined;
  const operation = operations.find((candidate) => candidate.method === (upper === 'HEAD' ? 'GET' : upper) && candidate.pattern.test(path));
  const isJson = contentType?.startsWith('application/json') ?? false;
  const parsed = (): unknown => JSON.parse(body.toString('utf8'));
  if (!operation) {
    // Static files (/images, /uploads, /docs/assets) and unknown paths: an error must still be the one shape.
    if (status >= 400 && isJson) {
      const problems = validate('ApiError', document.components!.schemas!.ApiError as object, parsed());
      return problems && `${upper} ${path} → ${status}: not the error shape: ${problems}`;
    }
    return undefined;
  }
  const where = `${upper} ${operation.template} → ${status}`;
  const response = operation.responses[String(status)];
  if (!response) return `${where}: this status is not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
  if (upper === 'HEAD' || status === 204 || status === 304) {
    return body.length > 0 && upper !== 'HEAD' ? `${where}: documented without a body, but one came` : undefined;
  }
  const media = response.content && Object.entries(response.content).find(([type]) => contentType?.startsWith(type));
  if (!response.content) return body.length > 0 ? `${where}: documented without a body, but one came (${contentType})` : undefined;
  if (!media) return `${where}: answered ${contentType}, documented ${Object.keys(response.content).join(', ')}`;
  const schema = media[1].schema;
  if (!schema || !isJson) return undefined;
  const problems = validate(`${operation.method} ${operation.template} ${status}`, schema, parsed());
  return problems && `${where}: the body does not match the document: ${problems}`;
}

function validate(key: string, schema: object, value: unknown): string | undefined {
  const check = validatorFor(key, schema);
  if (check(value)) return undefined;
  return (check.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; ') + ` in ${JSON.stringify(value).slice(0, 400)}`;
}

const problems: string[] = [];
let checkedCount = 0;

/** How many answers have been checked in this test file (to prove the check runs). */
export function checkedAnswerCount(): number {
  return checkedCount;
}

/** Problems found since the last call (the setup file fails the test that had any). */
export function takeAnswerProblems(): string[] {
  return problems.splice(0, problems.length);
}

/** Answers of this app are checked from now on. */
export function checkAnswersOf(app: Express): Express {
  app.locals.checkAnswersAgainstDocument = true;
  return app;
}

/** Records a problem with an answer received from a running api (tests that talk to real processes). */
export function checkReceivedAnswer(method: string, url: string, status: number, contentType: string | undefined, body: Buffer): void {
  const problem = answerProblem(method, new URL(url, 'http://api').pathname, status, contentType, body);
  if (problem) problems.push(problem);
}

type Captured = ServerResponse & {
  __answerChunks?: Buffer[];
  req: ServerResponse['req'] & { app?: Express; originalUrl?: string };
};

/**
 * The prototype is the process's, shared by every test file jest runs in this worker, while each
 * file has its own modules and its own globalThis: the current file's checker is kept on the
 * prototype itself, where the patch installed by the first file finds it.
 */
type CheckingPrototype = ServerResponse & { __answerCheckInstalled?: true; __checkSentAnswer?: (res: Captured, body: Buffer) => void };

/** Captures every answer an app marked by checkAnswersOf sends in this process, and checks it. */
export function installAnswerCheck(): void {
  const prototype = ServerResponse.prototype as CheckingPrototype;
  prototype.__checkSentAnswer = (res, body) => {
    const path = new URL(res.req.originalUrl ?? res.req.url ?? '/', 'http://api').pathname;
    const contentType = res.getHeader('content-type');
    checkedCount += 1;
    try {
      const problem = answerProblem(res.req.method ?? 'GET', path, res.statusCode, contentType === undefined ? undefined : String(contentType), body);
      if (problem) problems.push(problem);
    } catch (error) {
      problems.push(`${res.req.method} ${path}: the answer could not be checked: ${(error as Error).message}`);
    }
  };
  if (prototype.__answerCheckInstalled) return;
  prototype.__answerCheckInstalled = true;
  const write = prototype.write;
  const end = prototype.end;
  const isChecked = (res: Captured) => res.req?.app?.locals?.checkAnswersAgainstDocument === true;
  const keep = (res: Captured, chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    (res.__answerChunks ??= []).push(buffer);
  };
  prototype.write = function (this: Captured, chunk: unknown, ...rest: unknown[]) {
    if (isChecked(this)) keep(this, chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof prototype.write;
  prototype.end = function (this: Captured, chunk?: unknown, ...rest: unknown[]) {
    if (isChecked(this)) {
      keep(this, chunk, rest[0]);
      prototype.__checkSentAnswer?.(this, Buffer.concat(this.__answerChunks ?? []));
    }
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof prototype.end;
}
