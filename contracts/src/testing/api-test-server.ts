import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from '../api-client';

/** What a test route answers: a status and a JSON body, or raw bytes of `contentType` (a PDF). */
export interface TestAnswer {
  status?: number;
  body: unknown;
  contentType?: string;
}

export interface RecordedRequest {
  method: string;
  /** Path with its query string, e.g. /tools?sort=newest&limit=6. */
  url: string;
  authorization: string | undefined;
  /** The Idempotency-Key header, when the call sent one. */
  idempotencyKey?: string;
  /** The Content-Type header, when the call sent a body. */
  contentType?: string;
  /** JSON bodies parsed; any other body (a CSV file) as its text. */
  body: unknown;
}

type Route = (request: RecordedRequest) => TestAnswer | Promise<TestAnswer>;

/**
 * A real HTTP api for front-end tests: hooks run through the real axios client over the wire
 * (jsdom's XHR, CORS included), never a mocked module. Routes are "METHOD /path" (no query).
 */
export async function startApiTestServer(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        authorization: req.headers.authorization,
        ...(typeof req.headers['idempotency-key'] === 'string' ? { idempotencyKey: req.headers['idempotency-key'] } : {}),
        ...(req.headers['content-type'] ? { contentType: req.headers['content-type'] } : {}),
        body: raw ? (req.headers['content-type'] ?? '').startsWith('text/') ? raw : JSON.parse(raw) : undefined,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.url.split('?')[0]}`];
      const answer = route ? await route(request) : { status: 404, body: { message: 'Not found' } };
      if (answer.contentType) {
        res.writeHead(answer.status ?? 200, { 'Content-Type': answer.contentType }).end(answer.body as Buffer);
        return;
      }
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApiClient({ baseURL: url });
  return {
    url,
    routes,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
