import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Collection } from 'mongodb';
import request from 'supertest';
import { type ApiProcess, killApiProcess, startApiProcess } from '../test/api-process';
import { createPart, dropTestDatabase, markEmailVerified, randomSuffix, signUp } from '../test/helpers';
import { connectDatabase, type Database } from './db/mongo';
// The project's own OTLP/HTTP receiver (tooling/telemetry), which the e2e tests and the bench use too.
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../../tooling/telemetry/otlp-receiver.cjs';
import { parsePrometheusText, sampleValue } from '../../tooling/telemetry/prometheus-text.cjs';

// The api as it runs (src/server.ts in a process of its own) with OTEL_EXPORTER_OTLP_ENDPOINT set
// to a receiver in this test: its spans (http, express, the mongodb driver, ours), what they must
// never hold, its log lines joined to them, and GET /metrics in Prometheus' text format.

const dbName = `test_${randomSuffix()}`;
let receiver: OtlpReceiver;
let api: ApiProcess;
let url: string;
let database: Database;
let customer: { email: string; token: string; idToken: string };
let partId: string;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** A W3C trace context of a caller's own (sampled): the api's spans join this trace. */
const newTraceparent = () => {
  const traceId = hex(16);
  return { traceId, traceparent: `00-${traceId}-${hex(8)}-01` };
};

/** The spans of a trace once those matching `done` have arrived (the batch exporter sends every 50 ms here). */
async function trace(traceId: string, done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const spans = receiver.spans(traceId);
    if (done(spans)) return spans;
    if (Date.now() > deadline) throw new Error(`trace ${traceId} incomplete: ${JSON.stringify(spans.map((span) => [span.scope, span.name]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const scopes = (spans: ReceivedSpan[]) => new Set(spans.map((span) => span.scope));

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  api = startApiProcess({
    MONGODB_DB: dbName,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: '50',
    // Every catalog read reaches the database, so each request here has the driver's spans.
    CATALOG_CACHE_TTL_MS: '0',
    JWT_SECRET: randomBytes(48).toString('base64url'),
  });
  url = await api.listening;
  database = await connectDatabase(process.env.MONGODB_URI!, dbName);
  partId = (await createPart({ database }, { p_quantity: 20, price: 2_999 })).id;
  const session = await signUp();
  await markEmailVerified(session.uid);
  // The token exchange puts the email in the path and an ID token in the header: neither may reach a span.
  const exchanged = await request(url).put(`/user/${encodeURIComponent(session.email)}`).set('Authorization', `Bearer ${session.idToken}`).send({ email: session.email });
  expect(exchanged.status).toBe(200);
  customer = { email: session.email, idToken: session.idToken, token: exchanged.body.token as string };
}, 60_000);

afterAll(async () => {
  if (api) {
    api.child.kill('SIGTERM');
    await once(api.child, 'exit');
    killApiProcess(api);
  }
  if (database) {
    await dropTestDatabase(database.db, []);
    await database.client.close();
  }
  await receiver?.close();
});

describe('traces', () => {
  it('a request that carries a traceparent is one trace: the http and express spans and the mongodb driver’s, all pcpp-api; its log line has the trace id', async () => {
    const { traceId, traceparent } = newTraceparent();
    const answer = await request(url).get(`/tools/${partId}`).set('traceparent', traceparent);
    expect(answer.status).toBe(200);
    const spans = await trace(traceId, (received) => scopes(received).has('@opentelemetry/instrumentation-mongodb') && received.some((span) => span.kind === 2));
    expect(scopes(spans)).toEqual(new Set(['@opentelemetry/instrumentation-http', '@opentelemetry/instrumentation-express', '@opentelemetry/instrumentation-mongodb']));
    expect(new Set(spans.map((span) => span.service))).toEqual(new Set(['pcpp-api']));
    // The server span is named by the route's template, never the part's id.
    const server = spans.find((span) => span.kind === 2)!;
    expect(server.name).toBe('GET /tools/:id');
    const driver = spans.find((span) => span.scope === '@opentelemetry/instrumentation-mongodb')!;
    expect(driver.attributes['db.system.name'] ?? driver.attributes['db.system']).toBe('mongodb');
    // Every span of the trace hangs from another of it, or from the caller's span.
    const ids = new Set(spans.map((span) => span.spanId));
    const callerSpan = traceparent.split('-')[2];
    for (const span of spans) expect(ids.has(span.parentSpanId) || span.parentSpanId === callerSpan).toBe(true);

    const line = await logLine((entry) => (entry.req as { url?: string } | undefined)?.url === `/tools/${partId}` && entry.trace_id === traceId);
    expect(line).toMatchObject({ trace_id: traceId, route: '/tools/{id}', res: { statusCode: 200 } });
    expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a checkout is a trace with our placement span under the request’s, and no span holds the customer’s email or tokens', async () => {
    const { traceId, traceparent } = newTraceparent();
    // Addresses with the customer's name and email in them, as a checkout sends.
    const placed = await request(url)
      .post('/checkout')
      .set('Authorization', `Bearer ${customer.token}`)
      .set('Idempotency-Key', `obs-${randomSuffix()}`)
      .set('traceparent', traceparent)
      .send({
        lines: [{ productId: partId, quantity: 1 }],
        address: { fullName: 'Trace Tester', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', region: 'CA', country: 'US', phone: '+1 415 555 0100' },
      });
    expect(placed.status).toBe(201);
    const ancestorsIn = (spans: ReceivedSpan[]) => {
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
        const parent = byId.get(span.parentSpanId);
        return parent ? [parent, ...ancestors(parent)] : [];
      };
      return ancestors;
    };
    const isServerSpan = (span: ReceivedSpan) => span.kind === 2 && span.name === 'POST /checkout';
    // The server's span ends after the answer, so it may come in a later batch: wait for the whole chain.
    const spans = await trace(traceId, (received) => {
      const placed = received.find((span) => span.name === 'checkout.place');
      return !!placed && scopes(received).has('@opentelemetry/instrumentation-mongodb') && ancestorsIn(received)(placed).some(isServerSpan);
    });
    const placement = spans.find((span) => span.name === 'checkout.place')!;
    expect(placement).toMatchObject({ service: 'pcpp-api', scope: 'pcpp', attributes: { 'checkout.lines': 1 } });
    // Under the express handler's span, itself in the request's server span; the driver's writes under it.
    const ancestors = ancestorsIn(spans);
    expect(ancestors(placement).some(isServerSpan)).toBe(true);
    expect(spans.filter((span) => span.scope === '@opentelemetry/instrumentation-mongodb').some((span) => ancestors(span).includes(placement))).toBe(true);

    // A profile read with the email in its query, then everything this api sent so far.
    await request(url).get('/user/one').query({ email: customer.email }).set('Authorization', `Bearer ${customer.token}`).set('traceparent', newTraceparent().traceparent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const everything = JSON.stringify(receiver.spans());
    expect(receiver.spans().length).toBeGreaterThan(20);
    for (const secret of [customer.email, encodeURIComponent(customer.email), customer.token, customer.idToken, 'Trace Tester', '1 Market Street', '+1 415 555 0100']) {
      expect(everything).not.toContain(secret);
    }
    // The token exchange and the profile read are there, named by their templates.
    expect(receiver.spans().map((span) => span.name)).toEqual(expect.arrayContaining(['PUT /user/:email', 'GET /user/one']));
  });
});

/** The first log line (JSON) that `matches`, waiting for it a few seconds (pino writes asynchronously). */
async function logLine(matches: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = api.lines.find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such log line among ${api.lines.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /metrics', () => {
  it('answers a loopback caller in Prometheus’ text format, counting requests by route template, with the process’s and the database’s figures', async () => {
    for (let i = 0; i < 3; i += 1) expect((await request(url).get(`/tools/${partId}`)).status).toBe(200);
    expect((await request(url).get('/no-such-route')).status).toBe(404);
    const answer = await request(url).get('/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheusText(answer.text);
    expect(families.find((family) => family.name === 'http_server_request_duration_seconds')?.type).toBe('histogram');
    expect(sampleValue(families, 'http_server_request_duration_seconds_count', { method: 'GET', route: '/tools/{id}', status_class: '2xx' })).toBeGreaterThanOrEqual(3);
    expect(sampleValue(families, 'http_server_request_duration_seconds_count', { route: '(unmatched)', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    // Never a raw URL as a label.
    expect(answer.text).not.toContain(partId);
    expect(answer.text).not.toContain('no-such-route');
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds', 'pcpp_outbox_waiting', 'pcpp_outbox_oldest_waiting_age_seconds', 'pcpp_refunds_pending', 'pcpp_alerts_waiting', 'pcpp_catalog_cache_requests_total']) {
      expect(families.some((family) => family.name === name)).toBe(true);
    }
  });

  it('counts the refunds pending at Stripe: a payment given back and the ones each order holds', async () => {
    const pendingNow = async () => sampleValue(parsePrometheusText((await request(url).get('/metrics')).text), 'pcpp_refunds_pending', {}) ?? Number.NaN;
    const before = await pendingNow();
    await database.collections.refunds.insertOne({ _id: `pi_${hex(8)}`, orderId: null, status: 'pending', claimedAt: new Date() });
    // Only the stored state matters to the gauge: two refunds of one order wait at Stripe, another order none.
    const orders = database.collections.wholeOrders as unknown as Collection<{ number: string; state: { pendingRefunds: number } }>;
    await orders.insertMany([
      { number: `PCPP-${hex(4)}`, state: { pendingRefunds: 2 } },
      { number: `PCPP-${hex(4)}`, state: { pendingRefunds: 0 } },
    ]);
    expect(await pendingNow()).toBe(before + 3);
  });

  it('refuses a request a proxy forwarded (403), as it would any caller not on this machine', async () => {
    const answer = await request(url).get('/metrics').set('X-Forwarded-For', '203.0.113.7');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/only to this machine/);
  });
});
