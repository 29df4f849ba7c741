import { liveRemotesSchema, releaseMessages, releaseVersionEntrySchema, remoteReleasesSchema } from '@pcpp/contracts/core';
import express, { type RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import { Reply, routeDeclarer, type RouteModule } from '../../http/route-spec';
import { HttpError } from '../../errors';
import { examples } from '../../openapi/examples';
import type { ReleasesService } from './service';
import {
  liveRemotesQuerySchema,
  promoteReleaseInputSchema,
  publishReleaseInputSchema,
  remoteLoadFailureInputSchema,
  remoteLoadInputSchema,
  remoteParamsSchema,
  remoteVitalsInputSchema,
  rolloutInputSchema,
} from './validators';

/** Each answer carries a new load id, for one page load: never shared by a cache. */
const LIVE_REMOTES_CACHE = 'no-store';

export interface ReleasesRouteDeps {
  releases: ReleasesService;
}

const route = routeDeclarer<ReleasesRouteDeps>();
const UNKNOWN_VERSION = { description: 'The remote has no published version by this name.' };
const REPORT_REFUSED = {
  400: { description: 'Malformed, or the load id is not one the api signed, or has ended (the message says which).' },
  403: {
    description:
      'The load id was issued to another address or another cohort, did not serve this version, or was asked without a cohort and the version is a rollout’s candidate (the message says which).',
  },
};
const REPORT_RULES =
  'Under the load id of this page’s GET /remotes (asked with its cohort), from the address that asked for it, for a version it served; once per page load, version and kind. Limited per address (RELEASE_REPORTS_PER_ADDRESS) and per cohort (RELEASE_REPORTS_PER_COHORT). Counted in the rollout under way (docs/releases.md, “The verdict”) only under a load id asked with a cohort.';
/**
 * The address a load id is bound to and a verdict weighs (behind a proxy: with TRUST_PROXY, the
 * client's): an IPv6 address by its /56, as the rate limits count it, since one household or
 * server gets a whole block of those for nothing.
 */
const addressOf = (req: { ip?: string | undefined }) => ipKeyGenerator(req.ip ?? 'unknown');

const beaconText = express.text({ type: 'text/plain', limit: '4kb' });

/**
 * A beacon's body: navigator.sendBeacon sends a string as text/plain, the one type that needs no
 * CORS preflight (a beacon goes with credentials, which the api's CORS does not allow), so the
 * vitals may come as JSON in text/plain; application/json is read as every route's.
 */
const readBeaconBody: RequestHandler = (req, res, next) => {
  if (!req.is('text/plain')) {
    next();
    return;
  }
  beaconText(req, res, (error?: unknown) => {
    if (error) {
      next((error as { type?: string }).type === 'entity.too.large' ? new HttpError(413, releaseMessages.beaconTooLarge) : new HttpError(400, releaseMessages.beaconNotJson));
      return;
    }
    try {
      req.body = JSON.parse(typeof req.body === 'string' ? req.body : '');
      next();
    } catch {
      next(new HttpError(400, releaseMessages.beaconNotJson));
    }
  });
};

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
        'The live manifest of each remote, the one live before it (the shell’s fallback), their versions, the rollouts under way (a candidate served to the cohorts below its percent: chooseManifest in contracts), the shares of successful loads and of page loads whose Web Vitals to report, and a signed load id (a JWT) for this page load, bound to the asking address: a report (POST /remotes/errors, /loads, /vitals) must carry it, for a version it served to this cohort, before it ends (REMOTE_LOAD_ID_TTL_MINUTES). cohort: the browser’s random id; without one the load id serves the live and previous versions only and reports nothing about a rollout. Public; never cached.',
      access: 'public',
      query: liveRemotesQuerySchema,
      answers: {
        200: { description: 'The live and previous manifests and the rollouts.', schema: liveRemotesSchema, example: examples.liveRemotes },
        400: { description: 'The cohort is not a random id of the shell’s shape.' },
      },
      handle:
        ({ releases }) =>
        async ({ query }, req, res) => {
          res.set('Cache-Control', LIVE_REMOTES_CACHE);
          return releases.liveRemotes(query.cohort, addressOf(req));
        },
    }),
    route({
      method: 'post',
      path: '/remotes/errors',
      operationId: 'reportRemoteFailure',
      tag: 'Releases',
      summary: 'Report a remote version that would not load, or threw once loaded (the shell)',
      description: `kind load (the default): the version would not load; kind runtime: its error boundary caught an error, or an uncaught error or unhandled rejection came from its files. ${REPORT_RULES} Shown on the Releases page grouped by message for 24 hours.`,
      access: 'public',
      rateLimit: 'failureReports',
      body: remoteLoadFailureInputSchema,
      answers: {
        204: { description: 'Recorded (a repeat from the same page load for the same version and kind is not counted again).' },
        ...REPORT_REFUSED,
        429: { description: 'Too many reports from this cohort (RELEASE_REPORTS_PER_COHORT a minute).' },
      },
      handle:
        ({ releases }) =>
        async ({ body }, req) => {
          await releases.reportError(body, addressOf(req));
          return new Reply(204);
        },
    }),
    route({
      method: 'post',
      path: '/remotes/loads',
      operationId: 'reportRemoteLoad',
      tag: 'Releases',
      summary: 'Report a remote that loaded and rendered (the shell, a sample of the loads)',
      description: `The shell reports this share of its successful loads (loadSampleRate of GET /remotes): a cohort that reported a version counts as exposed to it. ${REPORT_RULES}`,
      access: 'public',
      rateLimit: 'failureReports',
      body: remoteLoadInputSchema,
      answers: {
        204: { description: 'Counted (a repeat from the same page load for the same version is not counted again).' },
        ...REPORT_REFUSED,
        429: { description: 'Too many reports from this cohort (RELEASE_REPORTS_PER_COHORT a minute).' },
      },
      handle:
        ({ releases }) =>
        async ({ body }, req) => {
          await releases.reportLoad(body, addressOf(req));
          return new Reply(204);
        },
    }),
    route({
      method: 'post',
      path: '/remotes/vitals',
      operationId: 'reportRemoteVitals',
      tag: 'Releases',
      summary: 'Report the Web Vitals of a page a remote rendered (the shell, a sample of the page loads)',
      description: `LCP and INP in milliseconds, CLS, any of them (at least one), measured with the web-vitals library on vitalsSampleRate of the page loads (GET /remotes) and sent with sendBeacon once the page is hidden: as application/json, or as JSON in text/plain (what sendBeacon sends for a string, with no CORS preflight). ${REPORT_RULES} The verdict compares the candidate’s p75 LCP and INP with the live version’s.`,
      access: 'public',
      rateLimit: 'failureReports',
      body: remoteVitalsInputSchema,
      before: [readBeaconBody],
      answers: {
        204: { description: 'Counted (a repeat from the same page load for the same version is not counted again).' },
        ...REPORT_REFUSED,
        429: { description: 'Too many reports from this cohort (RELEASE_REPORTS_PER_COHORT a minute).' },
      },
      handle:
        ({ releases }) =>
        async ({ body }, req) => {
          await releases.reportVitals(body, addressOf(req));
          return new Reply(204);
        },
    }),
    route({
      method: 'get',
      path: '/releases',
      operationId: 'listReleases',
      tag: 'Releases',
      summary: 'The Releases page: each remote’s versions, its errors grouped by message, and the rollout under way with each side’s health and the verdict',
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
        409: { description: 'The version is live already, is incompatible with the shell, a rollout is under way, or the live version changed meanwhile.' },
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
        409: { description: 'There is nothing to roll back to, a rollout is under way (abort it: npm run rollback does), or the live version changed meanwhile.' },
      },
      handle:
        ({ releases }) =>
        ({ params }, req) =>
          releases.rollback(accessClaims(req), params.remote),
    }),
    route({
      method: 'post',
      path: '/releases/{remote}/rollout',
      operationId: 'rollOutRelease',
      tag: 'Releases',
      summary: 'Serve a version to a share of the browsers, or raise that share (100: it becomes live)',
      description:
        'Browsers whose cohort falls below percent get the version, the others the live one; a share only rises (abort to stop). stages (e.g. [5, 25, 50, 100]) instead of percent: the rollout starts at the first share and rises to the next by itself once each has lasted stageMinutes (RELEASE_STAGE_MINUTES) and the candidate is judged healthy; at 100 the version is live. Refused, naming the packages, for a version built against another major of a shared singleton than the live shell provides. Every RELEASE_VERDICT_INTERVAL_SECONDS the candidate is judged against the live version (docs/releases.md, “The verdict”): a significant regression rolls it back by itself.',
      access: 'admin',
      params: remoteParamsSchema,
      body: rolloutInputSchema,
      answers: {
        200: { description: 'The remote’s releases, with the rollout (or, at 100 %, the version live).', schema: remoteReleasesSchema, example: examples.remoteReleases },
        400: { description: 'Malformed: percent and stages together, stages that do not rise to 100, or stages for a rollout under way (the message says which).' },
        404: UNKNOWN_VERSION,
        409: {
          description:
            'Nothing is live yet, the version is live already, another version rolls out, the share would not rise, the version is incompatible with the shell, or the remote changed meanwhile.',
        },
        503: { description: 'The live shell’s manifest cannot be read.' },
      },
      handle:
        ({ releases }) =>
        ({ params, body }, req) =>
          releases.rollout(accessClaims(req), params.remote, body),
    }),
    route({
      method: 'post',
      path: '/releases/{remote}/rollout/abort',
      operationId: 'abortRollout',
      tag: 'Releases',
      summary: 'End the rollout under way: everyone gets the live version again',
      access: 'admin',
      params: remoteParamsSchema,
      answers: {
        200: { description: 'The remote’s releases, the rollout ended.', schema: remoteReleasesSchema, example: examples.remoteReleases },
        409: { description: 'No rollout is under way, or it ended meanwhile.' },
      },
      handle:
        ({ releases }) =>
        ({ params }, req) =>
          releases.abortRollout(accessClaims(req), params.remote),
    }),
  ],
};
