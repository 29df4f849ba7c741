// One log format for the api and the shell's server: pino's JSON lines, each line of a request
// carrying its trace (trace_id, span_id), bearer tokens and cookies never written.
import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pino, { type Logger, type LevelWithSilent } from 'pino';
import { traceFields } from './telemetry';

export type { Logger };

export interface ServerLoggerOptions {
  /** `api`, `shell`: every line's `name`. */
  name: string;
  level?: LevelWithSilent;
  /** Appended to (LOG_FILE); unset: stdout. */
  file?: string;
}

export function createServerLogger({ name, level = 'info', file }: ServerLoggerOptions): Logger {
  return pino(
    {
      name,
      level,
      // The active span's ids: a line joins its trace (nothing when tracing is off or outside a request).
      mixin: traceFields,
      // Bearer tokens are credentials: they never reach a log line.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    // Buffered writes straight to a file descriptor, off the request's path (pino flushes them when
    // the process exits). Several processes may append to one file: each line is one write.
    pino.destination({ dest: file ? openLogFile(file) : 1, sync: false }),
  );
}

/** Opened now, so a path the server cannot write stops it at start with the reason, not later. */
function openLogFile(file: string): number {
  mkdirSync(path.dirname(file), { recursive: true });
  return openSync(file, 'a');
}
