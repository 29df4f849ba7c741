import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

export function createLogger(level: LogLevel): Logger {
  return pino(
    {
      name: 'api',
      level,
      // Bearer tokens are credentials: they never reach a log line.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    // Buffered writes straight to fd 1, off the request's path (pino flushes them when the process exits).
    pino.destination({ dest: 1, sync: false }),
  );
}
