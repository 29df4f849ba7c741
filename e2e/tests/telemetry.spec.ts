import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { demoAccounts } from '../support/auth';
import { e2eLogFile, otlpReceiverUrl, stackUrls } from '../support/environment';
import type { ReceivedSpan } from '../../tooling/telemetry/otlp-receiver.cjs';
import { parsePrometheusText, sampleValue } from '../../tooling/telemetry/prometheus-text.cjs';

// Operating the shop (docs/operations.md): the e2e stack runs with OTEL_EXPORTER_OTLP_ENDPOINT set
// to the project's own OTLP/HTTP receiver (playwright.config.ts) and LOG_FILE set, as a shop that
// collects traces would. A page the shell's server renders is one trace from the shell to the
// database; its api calls from the browser join it; both servers' /metrics parse as Prometheus
// text; their log lines carry the trace; no span holds an account's email or token.

const spansOf = async (traceId: string): Promise<ReceivedSpan[]> => (await fetch(`${otlpReceiverUrl}/spans?traceId=${traceId}`)).json() as Promise<ReceivedSpan[]>;
const traceIdOf = (serverTiming: string | null) => /traceparent;desc="00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]"/.exec(serverTiming ?? '');

/** The spans of a trace once `done` holds for them (the batch exporters send every 200 ms here). */
async function trace(traceId: string, done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  let spans: ReceivedSpan[] = [];
  await expect
    .poll(
      async () => {
        spans = await spansOf(traceId);
        return done(spans);
      },
      { timeout: 15_000, message: `trace ${traceId}` },
    )
    .toBe(true);
  return spans;
}

/** A part whose page nobody read lately (the api's catalog cache would answer it without the database). */
async function somePart(): Promise<string> {
  const { items } = (await (await fetch(`${stackUrls.api}/tools?limit=50&page=1`)).json()) as { items: { _id: string }[] };
  return items[Math.floor(Math.random() * items.length)]!._id;
}

test('a part’s page rendered on the server is one trace: the shell’s render, the api’s answers and the mongodb driver’s queries; both logs carry it', async () => {
  const id = await somePart();
  // Its own query string: a render of its own, not the render cache's page.
  const page = await fetch(`${stackUrls.shell}/products/${id}?from=telemetry-${Date.now()}`);
  await page.text();
  expect(page.headers.get('x-rendered')).toBe('server');
  const [, traceId, serverSpanId] = traceIdOf(page.headers.get('server-timing')) ?? [];
  expect(traceId).toBeTruthy();

  const spans = await trace(traceId!, (received) => received.some((span) => span.scope === '@opentelemetry/instrumentation-mongodb') && received.some((span) => span.name === 'render'));
  const services = new Set(spans.map((span) => span.service));
  expect(services).toEqual(new Set(['pcpp-shell', 'pcpp-api']));
  const server = spans.find((span) => span.spanId === serverSpanId)!;
  expect(server).toMatchObject({ service: 'pcpp-shell', kind: 2, name: 'GET /products/{id}', attributes: { 'http.route': '/products/{id}' } });
  const render = spans.find((span) => span.name === 'render')!;
  expect(render).toMatchObject({ service: 'pcpp-shell', scope: 'pcpp', attributes: { 'page.route': '/products/:id', 'remote.name': 'mf_shop' } });
  expect(spans.some((span) => span.name === 'render.queue')).toBe(true);
  // The shell's calls to the api are the api's requests' parents: one tree from the page to the queries.
  const apiServer = spans.filter((span) => span.service === 'pcpp-api' && span.kind === 2);
  expect(apiServer.map((span) => span.name)).toContain('GET /tools/:id');
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const root = (span: ReceivedSpan): ReceivedSpan => (byId.has(span.parentSpanId) ? root(byId.get(span.parentSpanId)!) : span);
  for (const span of spans) expect(root(span).spanId).toBe(serverSpanId);
  const query = spans.find((span) => span.scope === '@opentelemetry/instrumentation-mongodb')!;
  expect(query.service).toBe('pcpp-api');

  // The log: the shell's line and the api's lines of this page say which trace they belong to.
  await expect
    .poll(() => {
      const lines = readFileSync(e2eLogFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { name: string; trace_id?: string });
      return [...new Set(lines.filter((line) => line.trace_id === traceId).map((line) => line.name))].sort();
    })
    .toEqual(['api', 'shell']);
});

test('the browser’s api calls carry the page’s trace (traceparent, allowed by the api’s CORS)', async ({ page }) => {
  const document = page.waitForResponse((response) => response.url() === `${stackUrls.shell}/`);
  await page.goto('/');
  const [, traceId] = traceIdOf(await (await document).headerValue('server-timing')) ?? [];
  expect(traceId).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
  // A page of the catalog, rendered in the browser: its reads go through the api client.
  const read = page.waitForRequest((request) => request.url().startsWith(`${stackUrls.api}/tools`));
  await page.getByRole('navigation').getByRole('link', { name: /^products$/i }).first().click();
  const request = await read;
  expect(request.headers().traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-0[01]$`));
  expect((await request.response())?.status()).toBeLessThan(400);
  const spans = await trace(traceId!, (received) => received.some((span) => span.service === 'pcpp-api' && span.name === 'GET /tools'));
  expect(spans.find((span) => span.name === 'GET /tools')?.kind).toBe(2);
});

test('both servers’ /metrics parse as Prometheus text and count a request by its route’s template', async () => {
  const id = await somePart();
  await (await fetch(`${stackUrls.shell}/products/${id}`)).text();
  await (await fetch(`${stackUrls.api}/tools/${id}`)).text();
  for (const [url, route, more] of [
    [stackUrls.shell, '/products/{id}', ['pcpp_render_queue_waiting', 'pcpp_render_queue_overflow_total', 'pcpp_page_cache_requests_total', 'pcpp_server_render_failures_total', 'nodejs_eventloop_lag_seconds']],
    [stackUrls.api, '/tools/{id}', ['pcpp_outbox_waiting', 'pcpp_refunds_pending', 'pcpp_alerts_waiting', 'pcpp_rollout_verdict_ticks_total', 'pcpp_remote_reports_total', 'nodejs_gc_duration_seconds']],
  ] as const) {
    const answer = await fetch(`${url}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const families = parsePrometheusText(text);
    expect(sampleValue(families, 'http_server_request_duration_seconds_count', { method: 'GET', route, status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    for (const name of more) expect(families.map((family) => family.name)).toContain(name);
    // Not through a proxy: only this machine reads them without METRICS_TOKEN.
    expect((await fetch(`${url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.7' } })).status).toBe(403);
  }
});

test('no span of the whole run holds an account’s email or an access token', async ({ request }) => {
  // A sign-in (the token exchange puts the email in the path) and a signed-in read, traced like the rest.
  const customer = demoAccounts.customer;
  const signIn = await request.post(`${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    data: { email: customer.email, password: customer.password, returnSecureToken: true },
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const exchanged = await request.put(`${stackUrls.api}/user/${encodeURIComponent(customer.email)}`, { headers: { Authorization: `Bearer ${idToken}` }, data: { email: customer.email } });
  const { token } = (await exchanged.json()) as { token: string };
  expect((await request.get(`${stackUrls.api}/user/one`, { params: { email: customer.email }, headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 600));

  const everything = JSON.stringify(await (await fetch(`${otlpReceiverUrl}/spans`)).json());
  expect(everything).toContain('PUT /user/:email');
  for (const secret of [customer.email, encodeURIComponent(customer.email), demoAccounts.admin.email, idToken, token]) {
    expect(everything).not.toContain(secret);
  }
});
