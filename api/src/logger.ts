import { createServerLogger, type Logger } from '@pcpp/contracts/server-observability';
import type { LogLevel } from './config';

export type { Logger };

/** file: appended to (LOG_FILE); unset: stdout. Each line of a request carries its trace_id and span_id. */
export function createLogger(level: LogLevel, file?: string): Logger {
  return createServerLogger({ name: 'api', level, file });
}
