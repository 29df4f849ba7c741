import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { tracing } from '@opentelemetry/sdk-node';
import { metricsRefusal, isLoopback } from './metrics';
import { REDACTED, redactAttributes, redactText } from './redaction';
import { RedactingSpanProcessor, currentTraceparent, otlpTracesEndpoint, startTelemetry, traceFields, withSpan } from './telemetry';

/** A request as the server sees it, from `remoteAddress`. */
function requestFrom(remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  const req = new IncomingMessage(socket);
  req.headers = headers;
  return req;
}

describe('what a span may hold', () => {
  it('drops attributes named for secrets and personal data, and scrubs emails, tokens, secrets and card numbers from the others', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const attributes = redactAttributes({
      'http.request.header.authorization': ['Bearer x'],
      'user.email': 'ann@example.com',
      'enduser.password': 'hunter22',
      'checkout.address_line': '1 Market Street',
      'url.full': 'http://localhost:4000/user/one?email=ann%40example.com&page=2',
      'url.path': '/user/ann@example.com',
      'db.query.text': `{"token":"${jwt}"}`,
      'payment.note': 'card 4242 4242 4242 4242 and pi_3abc_secret_def',
      'server.address': 'localhost',
      'network.peer.address': '127.0.0.1',
      'http.response.status_code': 200,
      'checkout.lines': 3,
    });
    expect(attributes).toEqual({
      'http.request.header.authorization': REDACTED,
      'user.email': REDACTED,
      'enduser.password': REDACTED,
      'checkout.address_line': REDACTED,
      'url.full': `http://localhost:4000/user/one?email=${REDACTED}&page=2`,
      'url.path': `/user/${REDACTED}`,
      'db.query.text': `{"token":"${REDACTED}"}`,
      'payment.note': `card ${REDACTED} and ${REDACTED}`,
      'server.address': 'localhost',
      'network.peer.address': '127.0.0.1',
      'http.response.status_code': 200,
      'checkout.lines': 3,
    });
    // Ids and times are not card numbers: ObjectIds have letters, and short numbers stay.
    expect(redactText('/tools/64b7f0c2a1b2c3d4e5f60718?page=12')).toBe('/tools/64b7f0c2a1b2c3d4e5f60718?page=12');
  });

  it('the processor scrubs a span’s attributes, its events’, its name and its status before the exporter sees it', async () => {
    const exporter = new tracing.InMemorySpanExporter();
    const provider = new tracing.BasicTracerProvider({ spanProcessors: [new RedactingSpanProcessor(new tracing.SimpleSpanProcessor(exporter))] });
    const span = provider.getTracer('test').startSpan('GET /user/ann@example.com', { attributes: { 'user.email': 'ann@example.com' } });
    span.recordException(new Error('no account for ann@example.com'));
    span.setStatus({ code: 2, message: 'ann@example.com is disabled' });
    span.end();
    await provider.forceFlush();
    const [exported] = exporter.getFinishedSpans();
    expect(JSON.stringify({ name: exported!.name, attributes: exported!.attributes, events: exported!.events, status: exported!.status })).not.toContain('ann@example.com');
    expect(exported!.events[0]!.attributes!['exception.message']).toBe(`no account for ${REDACTED}`);
    await provider.shutdown();
  });
});

describe('turning tracing on', () => {
  it('only an OTLP endpoint turns it on; OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none keep it off', () => {
    expect(otlpTracesEndpoint({})).toBeUndefined();
    expect(startTelemetry({ serviceName: 'pcpp-test', env: {} })).toBeNull();
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe('http://collector:4318/v1/traces');
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/traces' })).toBe('http://collector:4318/traces');
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(otlpTracesEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('off, our spans are the API’s no-ops: the work runs, no trace id reaches the log, no traceparent the page', async () => {
    await expect(withSpan('checkout.place', {}, async () => 42)).resolves.toBe(42);
    await withSpan('outbox.send', {}, () => {
      expect(traceFields()).toEqual({});
      expect(currentTraceparent()).toBeUndefined();
    });
  });

  it('on, the log fields and the traceparent are those of the span running now', async () => {
    const manager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(manager);
    const exporter = new tracing.InMemorySpanExporter();
    const provider = new tracing.BasicTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
    trace.setGlobalTracerProvider(provider);
    try {
      await withSpan('render', { 'page.route': '/products/:id' }, async (span) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const { traceId, spanId } = span.spanContext();
        expect(traceFields()).toEqual({ trace_id: traceId, span_id: spanId, trace_flags: '01' });
        expect(currentTraceparent()).toBe(`00-${traceId}-${spanId}-01`);
      });
      await expect(withSpan('fails', {}, () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
      expect(exporter.getFinishedSpans().map((span) => [span.name, span.status.code])).toEqual([['render', 0], ['fails', 2]]);
    } finally {
      trace.disable();
      context.disable();
      await provider.shutdown();
    }
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: loopback callers only, and not through a proxy', () => {
    expect(metricsRefusal(requestFrom('127.0.0.1'), undefined)).toBeNull();
    expect(metricsRefusal(requestFrom('::ffff:127.0.0.1'), undefined)).toBeNull();
    expect(metricsRefusal(requestFrom('::1'), undefined)).toBeNull();
    expect(metricsRefusal(requestFrom('203.0.113.7'), undefined)?.status).toBe(403);
    expect(metricsRefusal(requestFrom('10.0.0.8'), undefined)?.status).toBe(403);
    expect(metricsRefusal(requestFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }), undefined)?.status).toBe(403);
    expect(isLoopback('127.evil.example')).toBe(false);
  });

  it('with METRICS_TOKEN: its bearer token from anywhere, nothing else (loopback included)', () => {
    const token = 'a-scrape-token-of-32-characters!';
    expect(metricsRefusal(requestFrom('203.0.113.7', { authorization: `Bearer ${token}` }), token)).toBeNull();
    expect(metricsRefusal(requestFrom('203.0.113.7', { authorization: 'Bearer wrong' }), token)?.status).toBe(401);
    expect(metricsRefusal(requestFrom('127.0.0.1'), token)?.status).toBe(401);
  });
});
