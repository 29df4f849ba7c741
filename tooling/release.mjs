#!/usr/bin/env node
// `npm run release -- <remote> [--source <folder>]`: builds that remote alone and publishes it to
// the release store as a new immutable version, registered with the api but not live yet.
// --from-build publishes a build made earlier (the one CI tested) instead of building.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { releaseRemote } from './releases/release-store.mjs';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { source: { type: 'string' }, 'from-build': { type: 'string' } } });
if (positionals.length !== 1) {
  console.error('usage: npm run release -- <mf-shop|mf-dashboard|mf-admin> [--source <folder with its webpack.config.cjs> | --from-build <its built folder>]');
  process.exit(2);
}
try {
  await releaseRemote(positionals[0], {
    sourceDir: values.source && path.resolve(values.source),
    fromBuild: values['from-build'] && path.resolve(values['from-build']),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
