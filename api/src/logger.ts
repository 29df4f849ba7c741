import { mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

/** file: appended to (LOG_FILE); unset: stdout. */
export function createLogger(level: LogLevel, file?: string): Logger {
  return pino(
    {
      name: 'api',
      level,
      // Bearer tokens are credentials: they never reach a log line.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    // Buffered writes straight to a file descriptor, off the request's path (pino flushes them when
    // the process exits). Several api processes may append to one file: each line is one write.
    pino.destination({ dest: file ? openLogFile(file) : 1, sync: false }),
  );
}

/** Opened now, so a path the api cannot write stops it at start with the reason, not later. */
function openLogFile(file: string): number {
  mkdirSync(path.dirname(file), { recursive: true });
  return openSync(file, 'a');
}
