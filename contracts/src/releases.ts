// By package path, as pages.ts reads page-paths.json: the webpack config reads the same file.
import sharedSingletonsFile from '@pcpp/contracts/shared-singletons.json';
import { z } from 'zod';
import { freeText } from './text';
import { countSchema, isoDateTimeSchema } from './entity-schemas';
import type { RemoteName } from './routes';

/**
 * Independent releases of the remotes (docs/architecture.md, "Releases"): each published version
 * is an immutable folder in the release store; the api's registry says which one is live.
 */
export const REMOTE_NAMES = ['mf_shop', 'mf_dashboard', 'mf_admin'] as const satisfies readonly RemoteName[];

/** `0.1.0+3f2a9c1d`: the package's version, `+` a build id. */
export const releaseVersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/, 'version must be a semver such as 1.2.3+build')
  .max(80);

export const remoteNameSchema = z.enum(REMOTE_NAMES, { error: `remote must be one of: ${REMOTE_NAMES.join(', ')}` });

/** The modules the shell and the remotes share once per page, as the webpack config shares them. */
export const SHARED_SINGLETONS: readonly string[] = sharedSingletonsFile.modules;

/** A module's package: `react-dom/client` → `react-dom`, `@pcpp/contracts/ui` → `@pcpp/contracts`. */
export function packageOf(request: string): string {
  const parts = request.split('/');
  return (request.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * Shared singletons whose major version must match between a remote and the shell before the
 * remote may go live: the shared modules that are packages of their own. A subpath is covered by
 * its package (react/jsx-runtime by react, @pcpp/contracts/router, and the react-router inside it,
 * by @pcpp/contracts); manifests give subpaths made-up versions, so @hookform/resolvers/zod, shared
 * only as a subpath, is not compared.
 */
export const RELEASE_CHECKED_SINGLETONS: readonly string[] = SHARED_SINGLETONS.filter((request) => packageOf(request) === request);

/**
 * GET /remotes (public): the live manifest of each remote, the one live before it, their versions,
 * and this page load's signed id, which a failure report must carry (POST /remotes/errors).
 */
export const liveRemotesSchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, z.url()),
  /** The previous live version of each remote: the shell falls back to it when the live one fails. */
  previous: z.partialRecord(remoteNameSchema, z.url()),
  /** The versions behind `remotes` and `previous`: what a failure report names. */
  versions: z.partialRecord(remoteNameSchema, z.object({ live: z.string(), previous: z.string().optional() })),
  /** Signed by the api, short-lived: the versions this answer served, for this page load's failure reports. */
  loadId: z.string(),
});
export type LiveRemotes = z.infer<typeof liveRemotesSchema>;

export interface ReleaseVersion {
  version: string;
  manifestUrl: string;
  /** Package name → the version the remote was built against (from its mf-manifest.json). */
  shared: Record<string, string>;
  /** ISO time. */
  publishedAt: string;
  publishedBy: string;
}

export interface RemoteLoadFailure {
  version: string | null;
  manifestUrl: string;
  message: string;
  /** ISO time. */
  at: string;
}

/** GET /releases (admin): one entry per remote. */
export interface RemoteReleases {
  remote: RemoteName;
  live: string | null;
  /** What Roll back would make live, if anything. */
  previous: string | null;
  /** Newest first. */
  versions: ReleaseVersion[];
  /** Load failures reported in the last 24 hours, newest first (at most 20), and their count. */
  failures: RemoteLoadFailure[];
  failureCount: number;
}

export const releaseVersionEntrySchema = z.object({
  version: z.string(),
  manifestUrl: z.string(),
  shared: z.record(z.string(), z.string()),
  publishedAt: isoDateTimeSchema,
  publishedBy: z.string(),
}) satisfies z.ZodType<ReleaseVersion>;

export const remoteReleasesSchema = z.object({
  remote: remoteNameSchema,
  live: z.string().nullable(),
  previous: z.string().nullable(),
  versions: z.array(releaseVersionEntrySchema),
  failures: z.array(
    z.object({ version: z.string().nullable(), manifestUrl: z.string(), message: z.string(), at: isoDateTimeSchema }),
  ),
  failureCount: countSchema,
}) satisfies z.ZodType<RemoteReleases>;

/** POST /releases/{remote} (admin, the release script): the artifact is already in the store. */
export const publishReleaseInputSchema = z.strictObject({
  version: releaseVersionSchema,
  manifestUrl: z.url({ protocol: /^https?$/, error: 'manifestUrl must be an http(s) URL' }).max(500),
});

/** POST /releases/{remote}/promote (admin). */
export const promoteReleaseInputSchema = z.strictObject({ version: releaseVersionSchema });

/** The longest load id GET /remotes signs (three remotes, two versions each, and the signature). */
export const MAX_LOAD_ID_LENGTH = 2_000;

/**
 * POST /remotes/errors (anyone: the shell reports a remote that would not load): the version it
 * could not load, and the load id GET /remotes gave the page with that version.
 */
export const remoteLoadFailureInputSchema = z.strictObject({
  remote: remoteNameSchema,
  version: releaseVersionSchema,
  loadId: z.string({ error: 'loadId is required: the one GET /remotes gave this page' }).min(1).max(MAX_LOAD_ID_LENGTH),
  message: freeText('message is required', 500),
});

/** The major of a semver, or major.minor below 1.0.0 (npm's caret: 0.x minors may break). */
function compatibilityLine(version: string): string | null {
  const match = /^(\d+)\.(\d+)\.\d+/.exec(version);
  if (!match) return null;
  return match[1] === '0' ? `0.${match[2]}` : match[1]!;
}

/**
 * Why a remote built against `remote` versions cannot run in a shell that provides `shell`
 * (package → version, both read from the mf-manifest.json files); empty when it can.
 */
export function sharedIncompatibilities(shell: Record<string, string>, remote: Record<string, string>): string[] {
  return RELEASE_CHECKED_SINGLETONS.flatMap((name) => {
    const built = remote[name];
    const provided = shell[name];
    if (!built || !provided) return [];
    const line = compatibilityLine(built);
    return line !== null && line === compatibilityLine(provided) ? [] : [`${name} ${built} (the shell provides ${provided})`];
  });
}

export const releaseMessages = {
  unknownVersion: (remote: string, version: string) => `${remote} has no published version ${version}`,
  alreadyPublished: (remote: string, version: string) =>
    `${remote} ${version} is already published: versions are immutable, publish a new one`,
  alreadyLive: (remote: string, version: string) => `${remote} ${version} is already live`,
  incompatible: (remote: string, version: string, problems: string[]) =>
    `${remote} ${version} cannot go live: it was built against ${problems.join('; ')}. Rebuild it against the shell's versions.`,
  nothingToRollBack: (remote: string) => `${remote} has no earlier live version to roll back to`,
  manifestUnreadable: (url: string, reason: string) => `Could not read the manifest ${url}: ${reason}`,
  wrongManifest: (remote: string, name: string) => `The manifest is ${name}'s, not ${remote}'s`,
  manifestNotAllowed: (url: string, allowed: readonly string[]) =>
    `${url} is not on the release store or a remote's origin: a manifest must be under ${allowed.join(', ')} (RELEASE_MANIFEST_ORIGINS adds more)`,
  loadIdInvalid: 'This report carries no load id the api signed: send the loadId of the GET /remotes answer the page loaded with',
  loadIdExpired: 'This page load is too old to report a failure: reload the page',
  versionNotServed: (remote: string, version: string) =>
    `${remote} ${version} was not served to this page: a failure report names a version GET /remotes gave it`,
} as const;
