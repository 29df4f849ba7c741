import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  REMOTE_NAMES,
  releaseMessages as m,
  sharedIncompatibilities,
  type LiveRemotes,
  type ReleaseVersion,
  type RemoteName,
  type RemoteReleases,
} from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import { z } from 'zod';
import type { AccessClaims } from '../../auth/access-token';
import type { ReleaseDocument } from '../../db/mongo';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { ActivityRecorder } from '../activity/service';
import { isAllowedManifestUrl, readManifest, type ManifestFacts } from './manifests';
import type { ReleasesRepository } from './repository';
import type { PublishReleaseInput, RemoteLoadFailureInput } from './validators';

const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
const CHANGED_MEANWHILE = 'Someone changed the live version meanwhile: reload and try again';

/** What a load id carries: its own random id, when it ends (ms), and the versions served per remote. */
const loadIdPayloadSchema = z.strictObject({
  n: z.string().min(16).max(32),
  e: z.number().int(),
  s: z.partialRecord(z.enum(REMOTE_NAMES), z.array(z.string()).max(2)),
});
type LoadIdPayload = z.infer<typeof loadIdPayloadSchema>;

function toReleaseVersion(doc: ReleaseDocument): ReleaseVersion {
  return {
    version: doc.version,
    manifestUrl: doc.manifestUrl,
    shared: doc.shared,
    publishedAt: doc.publishedAt.toISOString(),
    publishedBy: doc.publishedBy,
  };
}

/**
 * The release registry: published versions of each remote (immutable), the live one and its
 * history (for Roll back), and the load failures browsers report.
 */
export function createReleasesService(deps: {
  releases: ReleasesRepository;
  activity: ActivityRecorder;
  /** The live shell's mf-manifest.json: what it provides is what a remote must be built against. */
  shellManifestUrl: string;
  /** Where a published version's manifest may be (config.releaseManifestSources); nothing else is fetched. */
  manifestSources: readonly string[];
  /** Signs and checks the page loads' ids (config.remoteLoadIds). */
  loadIds: { secret: string; ttlMs: number };
  now?: () => Date;
}) {
  const { releases, activity } = deps;
  const now = deps.now ?? (() => new Date());

  // Load ids: `<payload>.<signature>`, both base64url; the signature an HMAC-SHA256 of the payload.
  const signatureOf = (payload: string) => createHmac('sha256', deps.loadIds.secret).update(payload).digest();

  /** A load id for one answer of GET /remotes: what it served, until the TTL ends. */
  function signLoadId(served: LoadIdPayload['s']): string {
    const payload: LoadIdPayload = { n: randomBytes(12).toString('base64url'), e: now().getTime() + deps.loadIds.ttlMs, s: served };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${signatureOf(encoded).toString('base64url')}`;
  }

  /** The payload of a load id this api signed and that has not ended; else the 400 that says which. */
  function readLoadId(loadId: string): LoadIdPayload {
    const [encoded, signature, ...rest] = loadId.split('.');
    const given = Buffer.from(signature ?? '', 'base64url');
    const expected = signatureOf(encoded ?? '');
    if (!encoded || rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new BadRequestError(m.loadIdInvalid);
    }
    let payload: LoadIdPayload;
    try {
      payload = loadIdPayloadSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    } catch (error) {
      // Signed by this api, so only a secret shared with an older api shape gets here.
      throw new BadRequestError(m.loadIdInvalid, { cause: error });
    }
    if (payload.e <= now().getTime()) throw new BadRequestError(m.loadIdExpired);
    return payload;
  }

  async function shellShared(): Promise<ManifestFacts['shared']> {
    try {
      return (await readManifest(deps.shellManifestUrl)).shared;
    } catch (error) {
      throw new ServiceUnavailableError(m.manifestUnreadable(deps.shellManifestUrl, (error as Error).message), { cause: error });
    }
  }

  async function assertRunsInShell(release: ReleaseDocument): Promise<void> {
    const problems = sharedIncompatibilities(await shellShared(), release.shared);
    if (problems.length > 0) throw new ConflictError(m.incompatible(release.remote, release.version, problems));
  }

  async function overviewOf(remote: RemoteName, all: WithId<ReleaseDocument>[]): Promise<RemoteReleases> {
    const live = await releases.findLive(remote);
    const failures = await releases.recentFailures(remote, new Date(now().getTime() - FAILURE_WINDOW_MS));
    return {
      remote,
      live: live?.live ?? null,
      previous: live?.history.at(-1) ?? null,
      versions: all.filter((doc) => doc.remote === remote).map(toReleaseVersion),
      failures: failures.docs.map((doc) => ({
        version: doc.version,
        manifestUrl: doc.manifestUrl,
        message: doc.message,
        at: doc.at.toISOString(),
      })),
      failureCount: failures.total,
    };
  }

  async function setLive(actor: AccessClaims, remote: RemoteName, action: 'release.promoted' | 'release.rolledBack', expected: string | null, next: { live: string; history: string[] }) {
    if (!(await releases.replaceLive(remote, expected, next))) throw new ConflictError(CHANGED_MEANWHILE);
    await activity.record({ action, actor: actor.email, target: remote, details: next.live, subject: { kind: 'release', id: remote } });
    return overviewOf(remote, await releases.listReleases());
  }

  return {
    /** Registers a version already in the release store; its manifest is read to check it and its shared versions. */
    async publish(actor: AccessClaims, remote: RemoteName, input: PublishReleaseInput): Promise<ReleaseVersion> {
      // Before anything else, so an address that is not allowed is never fetched.
      if (!isAllowedManifestUrl(input.manifestUrl, deps.manifestSources)) {
        throw new BadRequestError(m.manifestNotAllowed(input.manifestUrl, deps.manifestSources));
      }
      if (await releases.findRelease(remote, input.version)) throw new ConflictError(m.alreadyPublished(remote, input.version));
      let manifest: ManifestFacts;
      try {
        manifest = await readManifest(input.manifestUrl);
      } catch (error) {
        throw new BadRequestError(m.manifestUnreadable(input.manifestUrl, (error as Error).message), { cause: error });
      }
      if (manifest.name !== remote) throw new BadRequestError(m.wrongManifest(remote, manifest.name));
      const doc: ReleaseDocument = { remote, ...input, shared: manifest.shared, publishedAt: now(), publishedBy: actor.email };
      if (!(await releases.insertRelease(doc))) throw new ConflictError(m.alreadyPublished(remote, input.version));
      await activity.record({ action: 'release.published', actor: actor.email, target: remote, details: input.version, subject: { kind: 'release', id: remote } });
      return toReleaseVersion(doc);
    },

    async promote(actor: AccessClaims, remote: RemoteName, version: string): Promise<RemoteReleases> {
      const release = await releases.findRelease(remote, version);
      if (!release) throw new NotFoundError(m.unknownVersion(remote, version));
      const current = await releases.findLive(remote);
      if (current?.live === version) throw new ConflictError(m.alreadyLive(remote, version));
      await assertRunsInShell(release);
      const history = current ? [...current.history, current.live] : [];
      return setLive(actor, remote, 'release.promoted', current?.live ?? null, { live: version, history });
    },

    /** The version live before the current one goes live again (it leaves the history). */
    async rollback(actor: AccessClaims, remote: RemoteName): Promise<RemoteReleases> {
      const current = await releases.findLive(remote);
      const previous = current?.history.at(-1);
      if (!current || !previous) throw new ConflictError(m.nothingToRollBack(remote));
      const release = await releases.findRelease(remote, previous);
      if (!release) throw new NotFoundError(m.unknownVersion(remote, previous));
      await assertRunsInShell(release);
      return setLive(actor, remote, 'release.rolledBack', current.live, { live: previous, history: current.history.slice(0, -1) });
    },

    /**
     * GET /remotes: the live manifest of each remote and the one live before it, their versions,
     * and a new load id that lets this page report those versions, and only those.
     */
    async liveRemotes(): Promise<LiveRemotes> {
      const live = await releases.listLive();
      const docs = await releases.findReleases(
        live.flatMap((entry) => [entry.live, ...entry.history.slice(-1)].map((version) => ({ remote: entry.remote, version }))),
      );
      const urlOf = (remote: RemoteName, version: string | undefined) =>
        docs.find((doc) => doc.remote === remote && doc.version === version)?.manifestUrl;
      const answer: Omit<LiveRemotes, 'loadId'> = { remotes: {}, previous: {}, versions: {} };
      const served: LoadIdPayload['s'] = {};
      for (const entry of live) {
        const liveUrl = urlOf(entry.remote, entry.live);
        if (!liveUrl) continue;
        answer.remotes[entry.remote] = liveUrl;
        answer.versions[entry.remote] = { live: entry.live };
        served[entry.remote] = [entry.live];
        const previous = entry.history.at(-1);
        const previousUrl = urlOf(entry.remote, previous);
        if (previous && previousUrl) {
          answer.previous[entry.remote] = previousUrl;
          answer.versions[entry.remote] = { live: entry.live, previous };
          served[entry.remote] = [entry.live, previous];
        }
      }
      return { ...answer, loadId: signLoadId(served) };
    },

    async overview(): Promise<RemoteReleases[]> {
      const all = await releases.listReleases();
      return Promise.all(REMOTE_NAMES.map((remote) => overviewOf(remote, all)));
    },

    /**
     * A browser could not load a remote: kept for the Releases page's health panel, if GET /remotes
     * served that version to this page load (its load id says so), once per load and version.
     * Nothing acts on these reports by itself: an admin reads them and decides. counted: false
     * when this load had already reported this version.
     */
    async reportFailure(input: RemoteLoadFailureInput): Promise<{ counted: boolean }> {
      const load = readLoadId(input.loadId);
      const release = load.s[input.remote]?.includes(input.version) ? await releases.findRelease(input.remote, input.version) : null;
      if (!release) throw new BadRequestError(m.versionNotServed(input.remote, input.version));
      const counted = await releases.insertFailure({
        remote: input.remote,
        version: input.version,
        manifestUrl: release.manifestUrl,
        message: input.message,
        at: now(),
        loadId: load.n,
      });
      return { counted };
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
