import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { createLogger } from './logger';

describe('the log', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('LOG_FILE: lines are appended to that file (its folder made if missing), tokens redacted', async () => {
    const file = path.join(dir, 'logs', 'api.log');
    const config = loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:1/x', LOG_FILE: ` ${file} ` });
    expect(config.logFile).toBe(file);
    const logger = createLogger('info', config.logFile);
    logger.info({ req: { headers: { authorization: 'Bearer secret-token' } } }, 'first line');
    logger.info('second line');
    // Writes are asynchronous: wait for the last line to land.
    for (let tries = 0; tries < 100 && !readFileSync(file, 'utf8').includes('second line'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(['first line', 'second line']);
    expect(readFileSync(file, 'utf8')).not.toContain('secret-token');
  });

  it('LOG_FILE unset: stdout; an empty LOG_FILE is refused', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:1/x' }).logFile).toBeUndefined();
    expect(() => loadConfig({ MONGODB_URI: 'mongodb://127.0.0.1:1/x', LOG_FILE: '  ' })).toThrow(/LOG_FILE/);
  });
});
