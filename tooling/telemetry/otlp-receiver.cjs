#!/usr/bin/env node
// The project's own small OTLP/HTTP receiver, for the tests and the bench: it takes what the
// OpenTelemetry exporters send (POST /v1/traces, OTLP's JSON encoding, gzip or not) and keeps the
// spans flattened in memory, for a test to read (GET /spans?traceId=…) or clear (DELETE /spans).
// Protobuf bodies are refused (415): the servers send JSON (docs/operations.md).
//   node tooling/telemetry/otlp-receiver.cjs --port 4318
const http = require('node:http');
const { gunzipSync } = require('node:zlib');

/**
 * @typedef {{ service: string, scope: string, traceId: string, spanId: string, parentSpanId: string,
 *   name: string, kind: number, attributes: Record<string, unknown>, events: { name: string, attributes: Record<string, unknown> }[],
 *   status: { code?: number, message?: string }, startNs: string, endNs: string }} ReceivedSpan
 */

/** An OTLP AnyValue as plain JSON. @param {any} value @returns {unknown} */
function plain(value) {
  if (!value || typeof value !== 'object') return value;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plain);
  if ('kvlistValue' in value) return attributesOf(value.kvlistValue.values);
  if ('bytesValue' in value) return value.bytesValue;
  return undefined;
}

/** @param {{ key: string, value: unknown }[] | undefined} list */
function attributesOf(list) {
  /** @type {Record<string, unknown>} */
  const attributes = {};
  for (const { key, value } of list ?? []) attributes[key] = plain(value);
  return attributes;
}

/** The spans of one export request, flattened. @param {any} body @returns {ReceivedSpan[]} */
function flatten(body) {
  /** @type {ReceivedSpan[]} */
  const spans = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      const scope = scopeSpans.scope?.name ?? '';
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          service,
          scope,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          kind: span.kind,
          attributes: attributesOf(span.attributes),
          events: (span.events ?? []).map((/** @type {any} */ event) => ({ name: event.name, attributes: attributesOf(event.attributes) })),
          status: span.status ?? {},
          startNs: String(span.startTimeUnixNano),
          endNs: String(span.endTimeUnixNano),
        });
      }
    }
  }
  return spans;
}

/**
 * @param {{ port?: number, host?: string, maxSpans?: number }} [options]
 * @returns {Promise<{ url: string, spans: (traceId?: string) => ReceivedSpan[], clear: () => void, received: () => number, close: () => Promise<void> }>}
 */
function startOtlpReceiver({ port = 0, host = '127.0.0.1', maxSpans = 100_000 } = {}) {
  /** @type {ReceivedSpan[]} */
  let spans = [];
  let received = 0;
  const spansOf = (/** @type {string | undefined} */ traceId) => (traceId ? spans.filter((span) => span.traceId === traceId) : spans);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/spans') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(spansOf(url.searchParams.get('traceId') ?? undefined)));
      return;
    }
    if (req.method === 'DELETE' && url.pathname === '/spans') {
      spans = [];
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST' || !url.pathname.startsWith('/v1/')) {
      res.writeHead(404).end();
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
        res.writeHead(415, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'OTLP over HTTP with JSON only' }));
        return;
      }
      try {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        if (url.pathname === '/v1/traces') {
          const batch = flatten(JSON.parse(body.toString('utf8')));
          received += batch.length;
          spans.push(...batch);
          if (spans.length > maxSpans) spans = spans.slice(-maxSpans);
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      } catch (error) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        url: `http://${host}:${address.port}`,
        spans: spansOf,
        clear: () => {
          spans = [];
        },
        received: () => received,
        close: () =>
          new Promise((done) => {
            server.close(() => done(undefined));
            server.closeAllConnections();
          }),
      });
    });
  });
}

module.exports = { startOtlpReceiver, flatten };

if (require.main === module) {
  const { parseArgs } = require('node:util');
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4318' }, host: { type: 'string', default: '127.0.0.1' } } });
  void startOtlpReceiver({ port: Number(values.port), host: values.host }).then((receiver) => {
    console.log(`OTLP receiver on ${receiver.url} (GET /spans to read, DELETE /spans to clear)`);
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => void receiver.close().then(() => process.exit(0)));
  });
}
