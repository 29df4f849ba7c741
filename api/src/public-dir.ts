import { existsSync } from 'node:fs';
import path from 'node:path';

/** public/ sits beside the code when built (dist/public) and one level up in the sources. */
export function publicDir(): string {
  const candidates = [path.join(__dirname, 'public'), path.join(__dirname, '..', 'public')];
  return candidates.find((dir) => existsSync(dir)) ?? candidates[1]!;
}
