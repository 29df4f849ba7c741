// @pcpp/contracts/server-observability: traces, metrics and logs of the api and the shell's server
// (Node.js only; docs/operations.md). Never in a browser build.
export { REDACTED, isSecretAttribute, redactAttributes, redactText } from './redaction';
export { RedactingSpanProcessor, currentTraceparent, inCurrentContext, nameRequestSpan, otlpTracesEndpoint, startSpan, startTelemetry, traceFields, withSpan, type Telemetry } from './telemetry';
export { UNMATCHED_ROUTE, answerMetrics, createServerMetrics, isLoopback, metricsRefusal, statusClass, type ServerMetrics } from './metrics';
export { createServerLogger, type Logger, type ServerLoggerOptions } from './logger';
