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
import type { AccessClaims } from '../../auth/access-token';
import type { ReleaseDocument } from '../../db/mongo';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { ActivityRecorder } from '../activity/service';
import { readManifest, type ManifestFacts } from './manifests';
import type { ReleasesRepository } from './repository';
import type { PublishReleaseInput, RemoteLoadFailureInput } from './validators';

const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
const CHANGED_MEANWHILE = 'Someone changed the live version meanwhile: reload and try again';

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
  now?: () => Date;
}) {
  const { releases, activity } = deps;
  const now = deps.now ?? (() => new Date());

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

    /** GET /remotes: the live manifest of each remote and the one live before it. */
    async liveRemotes(): Promise<LiveRemotes> {
      const [live, all] = await Promise.all([releases.listLive(), releases.listReleases()]);
      const urlOf = (remote: RemoteName, version: string | undefined) =>
        all.find((doc) => doc.remote === remote && doc.version === version)?.manifestUrl;
      const answer: LiveRemotes = { remotes: {}, previous: {} };
      for (const entry of live) {
        const liveUrl = urlOf(entry.remote, entry.live);
        const previousUrl = urlOf(entry.remote, entry.history.at(-1));
        if (liveUrl) answer.remotes[entry.remote] = liveUrl;
        if (previousUrl) answer.previous[entry.remote] = previousUrl;
      }
      return answer;
    },

    async overview(): Promise<RemoteReleases[]> {
      const all = await releases.listReleases();
      return Promise.all(REMOTE_NAMES.map((remote) => overviewOf(remote, all)));
    },

    /** A browser could not load a remote: kept for the Releases page's health panel. */
    async reportFailure(input: RemoteLoadFailureInput): Promise<void> {
      const release = await releases.findReleaseByManifest(input.remote, input.manifestUrl);
      await releases.insertFailure({ ...input, version: release?.version ?? null, at: now() });
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
