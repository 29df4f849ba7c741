import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  REMOTE_NAMES,
  chooseManifest,
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
import type { LiveRemoteDocument, ReleaseDocument, RolloutOutcomeDocument } from './documents';
import { BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../errors';
import type { ActivityRecorder } from '../activity/service';
import { isAllowedManifestUrl, readManifest, type ManifestFacts } from './manifests';
import type { ReleasesRepository } from './repository';
import type { PublishReleaseInput, RemoteLoadFailureInput, RemoteLoadInput, RolloutInput } from './validators';

const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
const CHANGED_MEANWHILE = 'Someone changed the live version meanwhile: reload and try again';

/** Who ends a rollout when its failures pass the limits (the Activity page's actor). */
export const AUTOMATIC_ROLLBACK_ACTOR = 'automatic rollback';

/**
 * When a candidate is rolled back by itself (docs/architecture/remotes-at-run-time.md, "Progressive releases"): at
 * `maxFailures` failed loads, or at `failurePercent` % of at least `minLoads` loads, counted since
 * its rollout started.
 */
export interface RollbackLimits {
  minLoads: number;
  failurePercent: number;
  maxFailures: number;
}

/** Whether a candidate's counts pass the limits (the boundary counts: 5 % of 100 loads rolls back). */
export function passesRollbackLimits(counts: { loads: number; failures: number }, limits: RollbackLimits): boolean {
  if (counts.failures >= limits.maxFailures) return true;
  return counts.loads >= limits.minLoads && counts.failures * 100 >= limits.failurePercent * counts.loads;
}

/** What a load id carries: its own random id, when it ends (ms), the versions served per remote, and the cohort asked for. */
const loadIdPayloadSchema = z.strictObject({
  n: z.string().min(16).max(32),
  e: z.number().int(),
  s: z.partialRecord(z.enum(REMOTE_NAMES), z.array(z.string()).max(3)),
  c: z.string().optional(),
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
  /** When a rollout rolls back by itself (config.releaseRollback). */
  rollbackLimits: RollbackLimits;
  /** The share of successful loads the shell reports, 0–1 (config.releaseLoadSampleRate): each counts as 1/rate loads. */
  loadSampleRate: number;
  /** Called after each change of what is published, live or rolling out (the registry file under `npm start`). */
  onRegistryChange?: () => Promise<void>;
  now?: () => Date;
}) {
  const { releases, activity } = deps;
  const registryChanged = () => deps.onRegistryChange?.() ?? Promise.resolve();
  const now = deps.now ?? (() => new Date());

  // Load ids: `<payload>.<signature>`, both base64url; the signature an HMAC-SHA256 of the payload.
  const signatureOf = (payload: string) => createHmac('sha256', deps.loadIds.secret).update(payload).digest();

  /** A load id for one answer of GET /remotes: what it served, until the TTL ends. */
  function signLoadId(served: LoadIdPayload['s'], cohort: string | undefined): string {
    const payload: LoadIdPayload = {
      n: randomBytes(12).toString('base64url'),
      e: now().getTime() + deps.loadIds.ttlMs,
      s: served,
      ...(cohort ? { c: cohort } : {}),
    };
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
    const rollout = live?.rollout ?? null;
    const counts = rollout ? await releases.rolloutCounts(rollout.id) : null;
    const lastRollout = live?.lastRollout ?? null;
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
      rollout:
        rollout && counts
          ? {
              version: rollout.version,
              percent: rollout.percent,
              startedAt: rollout.startedAt.toISOString(),
              startedBy: rollout.startedBy,
              candidate: counts.candidate,
              live: counts.live,
            }
          : null,
      lastRollout: lastRollout
        ? {
            version: lastRollout.version,
            percent: lastRollout.percent,
            outcome: lastRollout.outcome,
            reason: lastRollout.reason,
            at: lastRollout.at.toISOString(),
            by: lastRollout.by,
            candidate: { loads: lastRollout.loads, failures: lastRollout.failures },
          }
        : null,
    };
  }

  /** The remote as it is, with no rollout under way (promote and roll back move the live version only then). */
  async function liveWithoutRollout(remote: RemoteName): Promise<WithId<LiveRemoteDocument> | null> {
    const current = await releases.findLive(remote);
    if (current?.rollout) throw new ConflictError(m.rolloutRunning(remote, current.rollout.version));
    return current;
  }

  /** Ends the rollout under way; false when it had ended already (only one ending is recorded). */
  async function endRollout(
    current: WithId<LiveRemoteDocument>,
    outcome: Pick<RolloutOutcomeDocument, 'outcome' | 'reason' | 'by'>,
    next?: { live: string; history: string[] },
  ): Promise<boolean> {
    const rollout = current.rollout!;
    const { candidate } = await releases.rolloutCounts(rollout.id);
    const ended = await releases.endRollout(
      current.remote,
      rollout.id,
      { version: rollout.version, percent: rollout.percent, at: now(), ...candidate, ...outcome },
      next,
    );
    if (ended) await registryChanged();
    return ended;
  }

  /**
   * Counts a reported load against the rollout under way, if the version is its candidate or the
   * live one, and rolls the candidate back when its counts pass the limits. Every api instance
   * counts in the database, and only one can end the rollout (a conditional update): they agree.
   */
  async function countAgainstRollout(remote: RemoteName, version: string, add: { loads: number; failures: number }): Promise<void> {
    const current = await releases.findLive(remote);
    const rollout = current?.rollout;
    if (!current || !rollout) return;
    const side = version === rollout.version ? 'candidate' : version === current.live ? 'live' : null;
    if (!side) return;
    const counts = await releases.countRollout(rollout.id, side, add);
    if (side !== 'candidate' || !passesRollbackLimits(counts, deps.rollbackLimits)) return;
    const reason = m.rolledBackAutomatically(counts.failures, counts.loads, deps.rollbackLimits);
    if (await endRollout(current, { outcome: 'rolledBack', reason, by: AUTOMATIC_ROLLBACK_ACTOR })) {
      await activity.record({
        action: 'release.rolledBackAutomatically',
        actor: AUTOMATIC_ROLLBACK_ACTOR,
        target: remote,
        details: `${rollout.version}: ${reason}`,
        subject: { kind: 'release', id: remote },
      });
    }
  }

  /** A report's load id, checked: signed, not ended, for this cohort, and it served `version` of `remote`. */
  async function servedRelease(input: { remote: RemoteName; version: string; loadId: string; cohort: string }) {
    const load = readLoadId(input.loadId);
    if (load.c !== undefined && load.c !== input.cohort) throw new BadRequestError(m.cohortMismatch);
    const release = load.s[input.remote]?.includes(input.version) ? await releases.findRelease(input.remote, input.version) : null;
    if (!release) throw new BadRequestError(m.versionNotServed(input.remote, input.version));
    return { load, release };
  }

  async function setLive(actor: AccessClaims, remote: RemoteName, action: 'release.promoted' | 'release.rolledBack', expected: string | null, next: { live: string; history: string[] }) {
    if (!(await releases.replaceLive(remote, expected, next))) throw new ConflictError(CHANGED_MEANWHILE);
    await registryChanged();
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
      await registryChanged();
      await activity.record({ action: 'release.published', actor: actor.email, target: remote, details: input.version, subject: { kind: 'release', id: remote } });
      return toReleaseVersion(doc);
    },

    async promote(actor: AccessClaims, remote: RemoteName, version: string): Promise<RemoteReleases> {
      const release = await releases.findRelease(remote, version);
      if (!release) throw new NotFoundError(m.unknownVersion(remote, version));
      const current = await liveWithoutRollout(remote);
      if (current?.live === version) throw new ConflictError(m.alreadyLive(remote, version));
      await assertRunsInShell(release);
      const history = current ? [...current.history, current.live] : [];
      return setLive(actor, remote, 'release.promoted', current?.live ?? null, { live: version, history });
    },

    /** The version live before the current one goes live again (it leaves the history). */
    async rollback(actor: AccessClaims, remote: RemoteName): Promise<RemoteReleases> {
      const current = await liveWithoutRollout(remote);
      const previous = current?.history.at(-1);
      if (!current || !previous) throw new ConflictError(m.nothingToRollBack(remote));
      const release = await releases.findRelease(remote, previous);
      if (!release) throw new NotFoundError(m.unknownVersion(remote, previous));
      await assertRunsInShell(release);
      return setLive(actor, remote, 'release.rolledBack', current.live, { live: previous, history: current.history.slice(0, -1) });
    },

    /**
     * Serves `version` to a share of the browsers (their cohorts below `percent`), the live version to
     * the others; raises the share of the rollout under way; at 100 % the version becomes live.
     */
    async rollout(actor: AccessClaims, remote: RemoteName, input: RolloutInput): Promise<RemoteReleases> {
      const release = await releases.findRelease(remote, input.version);
      if (!release) throw new NotFoundError(m.unknownVersion(remote, input.version));
      const current = await releases.findLive(remote);
      if (!current) throw new ConflictError(m.nothingLive(remote));
      if (current.live === input.version) throw new ConflictError(m.alreadyLive(remote, input.version));
      const running = current.rollout ?? null;
      if (running && running.version !== input.version) throw new ConflictError(m.rolloutRunning(remote, running.version));
      if (running && input.percent <= running.percent) throw new ConflictError(m.shareOnlyRises(remote, input.version, running.percent));
      await assertRunsInShell(release);
      const details = `${input.version} to ${input.percent} %`;
      const subject = { kind: 'release' as const, id: remote };
      if (input.percent === 100) {
        const next = { live: input.version, history: [...current.history, current.live] };
        const completed = running
          ? await endRollout(current, { outcome: 'completed', reason: m.completedBy(actor.email), by: actor.email }, next)
          : await releases.replaceLive(remote, current.live, next);
        if (!completed) throw new ConflictError(CHANGED_MEANWHILE);
        if (!running) await registryChanged();
        await activity.record({ action: 'release.rolloutCompleted', actor: actor.email, target: remote, details: input.version, subject });
        return overviewOf(remote, await releases.listReleases());
      }
      const rollout = running
        ? { ...running, percent: input.percent }
        : { id: randomBytes(12).toString('base64url'), version: input.version, percent: input.percent, startedAt: now(), startedBy: actor.email };
      if (!(await releases.setRollout(remote, { live: current.live, rolloutId: running?.id ?? null }, rollout))) {
        throw new ConflictError(CHANGED_MEANWHILE);
      }
      await registryChanged();
      await activity.record({ action: running ? 'release.rolloutRaised' : 'release.rolloutStarted', actor: actor.email, target: remote, details, subject });
      return overviewOf(remote, await releases.listReleases());
    },

    /** Ends the rollout under way: everyone gets the live version again. */
    async abortRollout(actor: AccessClaims, remote: RemoteName): Promise<RemoteReleases> {
      const current = await releases.findLive(remote);
      if (!current?.rollout) throw new ConflictError(m.noRollout(remote));
      if (!(await endRollout(current, { outcome: 'aborted', reason: m.abortedBy(actor.email), by: actor.email }))) {
        throw new ConflictError(CHANGED_MEANWHILE);
      }
      await activity.record({
        action: 'release.rolloutAborted',
        actor: actor.email,
        target: remote,
        details: current.rollout.version,
        subject: { kind: 'release', id: remote },
      });
      return overviewOf(remote, await releases.listReleases());
    },

    /**
     * GET /remotes: the registry (each remote's live manifest, the one live before it, their versions,
     * the rollouts under way), the same for everyone, and a new load id that lets this page report the
     * versions `cohort` gets (chooseManifest), and only those; without a cohort (the shell's server),
     * any version the registry serves.
     */
    async liveRemotes(cohort?: string): Promise<LiveRemotes> {
      const live = await releases.listLive();
      const docs = await releases.findReleases(
        live.flatMap((entry) =>
          [entry.live, ...entry.history.slice(-1), ...(entry.rollout ? [entry.rollout.version] : [])].map((version) => ({ remote: entry.remote, version })),
        ),
      );
      const urlOf = (remote: RemoteName, version: string | undefined) =>
        docs.find((doc) => doc.remote === remote && doc.version === version)?.manifestUrl;
      const registry: Omit<LiveRemotes, 'loadId'> = { remotes: {}, previous: {}, versions: {}, rollouts: {}, loadSampleRate: deps.loadSampleRate };
      for (const entry of live) {
        const liveUrl = urlOf(entry.remote, entry.live);
        if (!liveUrl) continue;
        registry.remotes[entry.remote] = liveUrl;
        registry.versions[entry.remote] = { live: entry.live };
        const previous = entry.history.at(-1);
        const previousUrl = urlOf(entry.remote, previous);
        if (previous && previousUrl) {
          registry.previous[entry.remote] = previousUrl;
          registry.versions[entry.remote] = { live: entry.live, previous };
        }
        const candidateUrl = entry.rollout && urlOf(entry.remote, entry.rollout.version);
        if (entry.rollout && candidateUrl) {
          registry.rollouts[entry.remote] = { version: entry.rollout.version, manifestUrl: candidateUrl, percent: entry.rollout.percent };
        }
      }
      const served: LoadIdPayload['s'] = {};
      const choices = chooseManifest(registry, { remotes: { mf_shop: '', mf_dashboard: '', mf_admin: '' } }, cohort ?? null);
      for (const remote of REMOTE_NAMES) {
        const versions = cohort
          ? [choices[remote].version, choices[remote].previousVersion]
          : [registry.versions[remote]?.live, registry.versions[remote]?.previous, registry.rollouts[remote]?.version];
        const known = versions.filter((version): version is string => Boolean(version));
        if (known.length > 0) served[remote] = known;
      }
      return { ...registry, loadId: signLoadId(served, cohort) };
    },

    async overview(): Promise<RemoteReleases[]> {
      const all = await releases.listReleases();
      return Promise.all(REMOTE_NAMES.map((remote) => overviewOf(remote, all)));
    },

    /**
     * A browser could not load a remote: kept for the Releases page's health panel, if GET /remotes
     * served that version to this page load (its load id says so), once per load and version, and
     * counted against a rollout under way, which it may end (countAgainstRollout). counted: false
     * when this load had already reported this version.
     */
    async reportFailure(input: RemoteLoadFailureInput): Promise<{ counted: boolean }> {
      const { load, release } = await servedRelease(input);
      const counted = await releases.insertFailure({
        remote: input.remote,
        version: input.version,
        manifestUrl: release.manifestUrl,
        message: input.message,
        at: now(),
        loadId: load.n,
      });
      if (counted) await countAgainstRollout(input.remote, input.version, { loads: 1, failures: 1 });
      return { counted };
    },

    /** A browser loaded a remote (one of a sample): counted against a rollout under way as 1/rate loads. */
    async reportLoad(input: RemoteLoadInput): Promise<{ counted: boolean }> {
      const { load } = await servedRelease(input);
      const counted = await releases.insertLoad({ remote: input.remote, version: input.version, loadId: load.n, at: now() });
      if (counted && deps.loadSampleRate > 0) await countAgainstRollout(input.remote, input.version, { loads: 1 / deps.loadSampleRate, failures: 0 });
      return { counted };
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
