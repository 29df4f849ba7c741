// Imported first by server.ts: the OpenTelemetry SDK must patch http, express and the mongodb
// driver before anything requires them. Starts only when OTEL_EXPORTER_OTLP_ENDPOINT (or its
// traces one) is set; otherwise nothing is loaded or patched (docs/operations.md).
import { startTelemetry } from '@pcpp/contracts/server-observability';

export const telemetry = startTelemetry({ serviceName: 'pcpp-api', instrumentations: ['express', 'mongodb'] });
