// Traces of the api and the shell's server (docs/operations.md): the OpenTelemetry Node SDK with
// the maintained instrumentations, configured by the standard OTEL_* variables only. Without an
// OTLP endpoint nothing starts: no instrumentation patches a module, nothing is exported, and the
// spans of our own (withSpan) are the API's no-op ones.
import { type Attributes, type Context, type Span, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as ExpressInstrumentation from '@opentelemetry/instrumentation-express';
import type * as HttpInstrumentationModule from '@opentelemetry/instrumentation-http';
import type * as MongoDBInstrumentation from '@opentelemetry/instrumentation-mongodb';
import type * as UndiciInstrumentation from '@opentelemetry/instrumentation-undici';
import type * as NodeSdk from '@opentelemetry/sdk-node';
import type { tracing } from '@opentelemetry/sdk-node';
import { redactAttributes, redactText } from './redaction';

/** Requests that make no span: scrapes and probes, many a minute, telling nothing. */
const UNTRACED_PATHS = new Set(['/metrics', '/healthz', '/readyz', '/favicon.ico']);

export interface Telemetry {
  /** Sends the spans still buffered, then stops (on shutdown). */
  shutdown(): Promise<void>;
}

/** Where traces go (OTLP over HTTP), from the standard variables; undefined: tracing is off. */
export function otlpTracesEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  if ((env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim()).includes('none')) return undefined;
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined);
}

/**
 * Scrubs every span as it ends (redaction.ts), then hands it to the batch exporter: its attributes,
 * its events' (an exception's message), its name and its status message.
 */
export class RedactingSpanProcessor implements tracing.SpanProcessor {
  constructor(private readonly next: tracing.SpanProcessor) {}

  onStart(span: tracing.Span, parentContext: Context): void {
    this.next.onStart(span, parentContext);
  }

  onEnd(span: tracing.ReadableSpan): void {
    redactAttributes(span.attributes);
    for (const event of span.events) if (event.attributes) redactAttributes(event.attributes);
    const writable = span as { name: string; status: { code: SpanStatusCode; message?: string } };
    writable.name = redactText(span.name);
    if (span.status.message) writable.status = { ...span.status, message: redactText(span.status.message) };
    this.next.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.next.shutdown();
  }
}

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';

export interface TelemetryOptions {
  /** OTEL_SERVICE_NAME's default: `pcpp-api`, `pcpp-shell`. */
  serviceName: string;
  env?: NodeJS.ProcessEnv;
  /** Beside the http instrumentation every server has: express and mongodb (api), undici and fetch (shell). */
  instrumentations?: ('express' | 'mongodb' | 'undici')[];
}

/**
 * Starts the SDK when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or its traces one), with
 * the sampler of OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG, the batch settings of OTEL_BSP_*, and
 * the resource of OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES. Must run before the instrumented
 * modules are first required. Metrics and logs are not sent over OTLP: /metrics and the log are theirs.
 */
export function startTelemetry({ serviceName, env = process.env, instrumentations = [] }: TelemetryOptions): Telemetry | null {
  const url = otlpTracesEndpoint(env);
  if (!url) return null;
  // Required only now: with tracing off, the SDK is not even loaded.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK, tracing: sdkTracing } = require('@opentelemetry/sdk-node') as typeof NodeSdk;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof HttpInstrumentationModule;
  const more = {
    express: () => new (require('@opentelemetry/instrumentation-express') as typeof ExpressInstrumentation).ExpressInstrumentation(),
    // Values in the statements are replaced by '?' (its default): no customer's data in a span.
    mongodb: () => new (require('@opentelemetry/instrumentation-mongodb') as typeof MongoDBInstrumentation).MongoDBInstrumentation({ enhancedDatabaseReporting: false }),
    undici: () => new (require('@opentelemetry/instrumentation-undici') as typeof UndiciInstrumentation).UndiciInstrumentation(),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || serviceName,
    spanProcessors: [new RedactingSpanProcessor(new sdkTracing.BatchSpanProcessor(new OTLPTraceExporter({ url })))],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has(pathOf(req.url)),
        // The api's own calls to the identity emulator and Stripe's sandbox are spans; the exporter's are not.
        ignoreOutgoingRequestHook: (options) => typeof options.path === 'string' && options.path.startsWith('/v1/traces'),
      }),
      ...instrumentations.map((name) => more[name]()),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

const tracer = () => trace.getTracer('pcpp');

/**
 * Runs `work` inside a span of our own (a render, a checkout's placement, an outbox send), ended
 * when it settles, with the error recorded if it throws. Without the SDK the span is a no-op.
 */
export function withSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T> | T): Promise<T> {
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** `work` bound to the context active now: run later from a queue, it stays in the trace of whoever queued it. */
export function inCurrentContext<A extends unknown[], R>(work: (...args: A) => R): (...args: A) => R {
  return context.bind(context.active(), work);
}

/** Names the request's server span by its route template (`GET /products/{id}`), as express's instrumentation does for the api. */
export function nameRequestSpan(method: string, route: string): void {
  const span = trace.getSpan(context.active());
  if (!span?.isRecording()) return;
  span.setAttribute('http.route', route);
  span.updateName(`${method} ${route}`);
}

/** A span of our own that ends when the caller says (a queue wait, a stream). */
export function startSpan(name: string, attributes: Attributes = {}): Span {
  return tracer().startSpan(name, { attributes });
}

/** The trace and span of what runs now, as log fields (pino's mixin); none outside a span. */
export function traceFields(): { trace_id?: string; span_id?: string; trace_flags?: string } {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!trace.isSpanContextValid(span.spanContext())) return {};
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
}

/**
 * The W3C traceparent of the span running now (the page's request), for the browser to carry on
 * its api calls (Server-Timing); undefined without a recording span (tracing off).
 */
export function currentTraceparent(): string | undefined {
  const span = trace.getSpan(context.active());
  if (!span || !span.isRecording()) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-0${(traceFlags & 1).toString(16)}`;
}
