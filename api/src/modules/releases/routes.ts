import { liveRemotesSchema, releaseVersionEntrySchema, remoteReleasesSchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import { Reply, routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { ReleasesService } from './service';
import { promoteReleaseInputSchema, publishReleaseInputSchema, remoteLoadFailureInputSchema, remoteParamsSchema } from './validators';

/** Each answer carries a new load id, for one page load: never shared by a cache. */
const LIVE_REMOTES_CACHE = 'no-store';

export interface ReleasesRouteDeps {
  releases: ReleasesService;
}

const route = routeDeclarer<ReleasesRouteDeps>();
const UNKNOWN_VERSION = { description: 'The remote has no published version by this name.' };

export const releasesRoutes: RouteModule<ReleasesRouteDeps> = {
  name: 'releases',
  routes: [
    route({
      method: 'get',
      path: '/remotes',
      operationId: 'getLiveRemotes',
      tag: 'Releases',
      summary: 'The live version of each remote (what the shell loads)',
      description:
        'The live manifest of each remote, and the one live before it (the shell’s fallback), their versions, and a signed load id for this page load: a failure report (POST /remotes/errors) must carry it, for a version it served, before it ends (REMOTE_LOAD_ID_TTL_MINUTES). Public; never cached.',
      access: 'public',
      answers: { 200: { description: 'The live and previous manifests.', schema: liveRemotesSchema, example: examples.liveRemotes } },
      handle:
        ({ releases }) =>
        async (_input, _req, res) => {
          res.set('Cache-Control', LIVE_REMOTES_CACHE);
          return releases.liveRemotes();
        },
    }),
    route({
      method: 'post',
      path: '/remotes/errors',
      operationId: 'reportRemoteFailure',
      tag: 'Releases',
      summary: 'Report a remote that would not load (the shell)',
      description:
        'Only for a version GET /remotes served to this page (its loadId says which), before the load id ends; counted once per page load and version. Shown on the Releases page for 24 hours; nothing acts on it by itself.',
      access: 'public',
      rateLimit: 'failureReports',
      body: remoteLoadFailureInputSchema,
      answers: {
        204: { description: 'Recorded (a repeat from the same page load for the same version is not counted again).' },
        400: { description: 'Malformed, or the load id is not one the api signed, has ended, or did not serve this version (the message says which).' },
      },
      handle:
        ({ releases }) =>
        async ({ body }) => {
          await releases.reportFailure(body);
          return new Reply(204);
        },
    }),
    route({
      method: 'get',
      path: '/releases',
      operationId: 'listReleases',
      tag: 'Releases',
      summary: 'The Releases page: each remote’s live, previous and published versions, and its load failures',
      access: 'admin',
      answers: { 200: { description: 'One entry per remote.', schema: z.array(remoteReleasesSchema), example: examples.releases } },
      handle:
        ({ releases }) =>
        () =>
          releases.overview(),
    }),
    route({
      method: 'post',
      path: '/releases/{remote}',
      operationId: 'publishRelease',
      tag: 'Releases',
      summary: 'Register a published version (npm run release)',
      description:
        'The manifest URL must be on the release store or a remote’s origin (RELEASES_PUBLIC_URL, MF_*_MANIFEST_URL, RELEASE_MANIFEST_ORIGINS): any other is refused without being fetched. The api reads the version’s mf-manifest.json (no redirects), checks it is this remote’s and keeps the shared versions it was built against. Not live yet.',
      access: 'admin',
      params: remoteParamsSchema,
      body: publishReleaseInputSchema,
      answers: {
        201: { description: 'The version is registered.', schema: releaseVersionEntrySchema, example: examples.releaseVersion },
        400: { description: 'Malformed, or the manifest is not on an allowed address, cannot be read, or is another remote’s (the message says which).' },
        409: { description: 'This version is registered already.' },
      },
      handle:
        ({ releases }) =>
        ({ params, body }, req) =>
          releases.publish(accessClaims(req), params.remote, body),
    }),
    route({
      method: 'post',
      path: '/releases/{remote}/promote',
      operationId: 'promoteRelease',
      tag: 'Releases',
      summary: 'Make a version live',
      description:
        'Refused, naming the packages, for a version built against another major of a shared singleton than the live shell provides.',
      access: 'admin',
      params: remoteParamsSchema,
      body: promoteReleaseInputSchema,
      answers: {
        200: { description: 'The remote’s releases, with the version live.', schema: remoteReleasesSchema, example: examples.remoteReleases },
        404: UNKNOWN_VERSION,
        409: { description: 'The version is live already, is incompatible with the shell, or the live version changed meanwhile.' },
        503: { description: 'The live shell’s manifest cannot be read.' },
      },
      handle:
        ({ releases }) =>
        ({ params, body }, req) =>
          releases.promote(accessClaims(req), params.remote, body.version),
    }),
    route({
      method: 'post',
      path: '/releases/{remote}/rollback',
      operationId: 'rollbackRelease',
      tag: 'Releases',
      summary: 'Make the previous live version live again',
      access: 'admin',
      params: remoteParamsSchema,
      answers: {
        200: { description: 'The remote’s releases, with the previous version live.', schema: remoteReleasesSchema, example: examples.remoteReleases },
        404: UNKNOWN_VERSION,
        409: { description: 'There is nothing to roll back to, or the live version changed meanwhile.' },
      },
      handle:
        ({ releases }) =>
        ({ params }, req) =>
          releases.rollback(accessClaims(req), params.remote),
    }),
  ],
};
