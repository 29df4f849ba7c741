import { randomBytes } from 'node:crypto';
import {
  REMOTE_NAMES,
  chooseManifest,
  releaseMessages as m,
  sharedIncompatibilities,
  type LiveRemotes,
  type ReleaseVersion,
  type RemoteName,
  type RemoteReleases,
  type RolloutVerdict,
  type VerdictThresholds,
} from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { LiveRemoteDocument, ReleaseDocument, RemoteReportDocument, RemoteReportKind, RolloutDocument, RolloutOutcomeDocument, VerdictDocument } from './documents';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../../errors';
import type { ActivityRecorder } from '../activity/service';
import { createLoadIds, type LoadIdClaims } from './load-ids';
import { isAllowedManifestUrl, readManifest, type ManifestFacts } from './manifests';
import type { ReleasesRepository } from './repository';
import type { PublishReleaseInput, RemoteLoadFailureInput, RemoteLoadInput, RemoteVitalsInput, RolloutInput } from './validators';
import { ERROR_RATE_TEST, healthOf, judge, seriesOf } from './verdict';
import type { ReleaseGuardConfig } from '../../config';
import { remoteReportsCounter, rollbacksCounter, verdictTicksCounter } from '../../metrics';
import { createSourceMaps, type SourceMaps } from './source-maps';
import { withSpan } from '@pcpp/contracts/server-observability';

const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;
const CHANGED_MEANWHILE = 'Someone changed the live version meanwhile: reload and try again';

/** Who ends a rollout on a regression (the Activity page's actor). */
export const AUTOMATIC_ROLLBACK_ACTOR = 'automatic rollback';
/** Who advances a staged rollout, and completes it at its last stage. */
export const AUTOMATIC_ROLLOUT_ACTOR = 'automatic rollout';


/** Counts calls per key over a window, in the database (rate-limits.ts's MongoRateLimitStore). */
export interface ReportCounter {
  increment(key: string): Promise<{ totalHits: number; resetTime?: Date }>;
}

function toReleaseVersion(doc: ReleaseDocument): ReleaseVersion {
  return {
    version: doc.version,
    manifestUrl: doc.manifestUrl,
    shared: doc.shared,
    publishedAt: doc.publishedAt.toISOString(),
    publishedBy: doc.publishedBy,
  };
}

function toVerdict(doc: VerdictDocument | null | undefined): RolloutVerdict | null {
  return doc ? { at: doc.at.toISOString(), state: doc.state, regression: doc.regression, note: doc.note } : null;
}

/** The report kinds as stored: a load, or an error of each kind, or vitals. */
const ERROR_KIND: Record<'load' | 'runtime', RemoteReportKind> = { load: 'loadError', runtime: 'runtimeError' };

/**
 * The release registry: published versions of each remote (immutable), the live one and its
 * history (for Roll back), the rollouts and their verdicts, and what pages report.
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
  /** The verdict's limits, its interval, the stages' default window, the reports' limits (config.releaseGuard). */
  guard: ReleaseGuardConfig;
  /** The share of successful loads the shell reports, 0–1 (config.releaseLoadSampleRate). */
  loadSampleRate: number;
  /** Reports per cohort a minute (null: not limited). */
  cohortReports?: ReportCounter;
  /** Called after each change of what is published, live or rolling out (the registry file under `npm start`). */
  onRegistryChange?: () => Promise<void>;
  /** Maps the errors' stacks to the remotes' source (the versions' hidden source maps); none: as reported. */
  sourceMaps?: SourceMaps;
  now?: () => Date;
}) {
  const { releases, activity, guard } = deps;
  const registryChanged = () => deps.onRegistryChange?.() ?? Promise.resolve();
  const sourceMaps = deps.sourceMaps ?? createSourceMaps(null);
  const now = deps.now ?? (() => new Date());
  const loadIds = createLoadIds({ ...deps.loadIds, now });
  const intervalMs = guard.verdictIntervalSeconds * 1000;
  const thresholds: VerdictThresholds = {
    errorTest: ERROR_RATE_TEST,
    confidencePercent: guard.confidencePercent,
    vitalsMarginPercent: guard.vitalsMarginPercent,
    minAddresses: guard.minAddresses,
    minCohorts: guard.minCohorts,
    minVitalsSamples: guard.minVitalsSamples,
    intervalSeconds: guard.verdictIntervalSeconds,
  };

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

  /** Each side's reports, its health, the chart, and the counts, of a rollout under way. */
  async function rolloutHealth(current: WithId<LiveRemoteDocument>, rollout: RolloutDocument) {
    const reports = await releases.rolloutReports(rollout.id);
    const side = (name: 'candidate' | 'live') => reports.filter((report) => report.side === name);
    return {
      candidate: healthOf(rollout.version, side('candidate'), guard.cohortsPerAddress),
      live: healthOf(current.live, side('live'), guard.cohortsPerAddress),
      series: seriesOf(reports, rollout.startedAt, now(), guard.cohortsPerAddress),
    };
  }

  /** When a staged rollout's current stage ends (null: not staged, or its last stage). */
  function nextStageAt(rollout: RolloutDocument): Date | null {
    if (!rollout.stages || rollout.stageIndex === null || rollout.stageIndex === undefined || rollout.stageIndex >= rollout.stages.length - 1) return null;
    const minutes = rollout.stageMinutes ?? guard.stageMinutes;
    return new Date((rollout.stageStartedAt ?? rollout.startedAt).getTime() + minutes * 60_000);
  }

  /** The folder of a version's manifest: every file of the build is under it. */
  function filesBase(manifestUrl: string): string | null {
    try {
      return new URL('.', manifestUrl).href;
    } catch {
      return null;
    }
  }

  async function overviewOf(remote: RemoteName, all: WithId<ReleaseDocument>[]): Promise<RemoteReleases> {
    const live = await releases.findLive(remote);
    const rollout = live?.rollout ?? null;
    const since = new Date(now().getTime() - FAILURE_WINDOW_MS);
    const [failures, groups] = await Promise.all([releases.recentFailures(remote, since), releases.errorGroups(remote, since)]);
    let rolloutView: RemoteReleases['rollout'] = null;
    if (live && rollout) {
      const [counts, health] = await Promise.all([releases.rolloutCounts(rollout.id), rolloutHealth(live, rollout)]);
      const next = nextStageAt(rollout);
      rolloutView = {
        version: rollout.version,
        percent: rollout.percent,
        startedAt: rollout.startedAt.toISOString(),
        startedBy: rollout.startedBy,
        candidate: counts.candidate,
        live: counts.live,
        stages: rollout.stages ?? null,
        stageIndex: rollout.stageIndex ?? null,
        stageMinutes: rollout.stages ? (rollout.stageMinutes ?? guard.stageMinutes) : null,
        stageStartedAt: (rollout.stageStartedAt ?? rollout.startedAt).toISOString(),
        nextStageAt: next ? next.toISOString() : null,
        health: { candidate: health.candidate, live: health.live },
        series: health.series,
        verdict: toVerdict(rollout.verdict),
      };
    }
    const lastRollout = live?.lastRollout ?? null;
    return {
      remote,
      live: live?.live ?? null,
      previous: live?.history.at(-1) ?? null,
      versions: all.filter((doc) => doc.remote === remote).map(toReleaseVersion),
      failures: failures.docs.map((doc) => ({
        version: doc.version,
        manifestUrl: doc.manifestUrl ?? '',
        message: doc.message ?? '',
        at: doc.at.toISOString(),
      })),
      failureCount: failures.total,
      errors: await Promise.all(
        groups.map(async (group) => {
          const release = all.find((doc) => doc.remote === remote && doc.version === group.version);
          const mapped =
            group.stack || group.source
              ? await sourceMaps.map(remote, group.version, release ? filesBase(release.manifestUrl) : null, group)
              : null;
          return {
            kind: group.kind === 'runtimeError' ? ('runtime' as const) : ('load' as const),
            version: group.version,
            message: group.message,
            count: group.count,
            cohorts: group.cohorts,
            firstSeen: group.firstSeen.toISOString(),
            lastSeen: group.lastSeen.toISOString(),
            ...(mapped ? { where: mapped.where, stack: mapped.stack } : {}),
          };
        }),
      ),
      thresholds,
      rollout: rolloutView,
      lastRollout: lastRollout
        ? {
            version: lastRollout.version,
            percent: lastRollout.percent,
            outcome: lastRollout.outcome,
            reason: lastRollout.reason,
            at: lastRollout.at.toISOString(),
            by: lastRollout.by,
            candidate: { loads: lastRollout.loads, failures: lastRollout.failures },
            verdict: toVerdict(lastRollout.verdict),
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
    outcome: Pick<RolloutOutcomeDocument, 'outcome' | 'reason' | 'by'> & { verdict?: VerdictDocument | null },
    next?: { live: string; history: string[] },
  ): Promise<boolean> {
    const rollout = current.rollout!;
    const { candidate } = await releases.rolloutCounts(rollout.id);
    const ended = await releases.endRollout(
      current.remote,
      rollout.id,
      { version: rollout.version, percent: rollout.percent, at: now(), ...candidate, verdict: null, ...outcome },
      next,
    );
    if (ended) await registryChanged();
    return ended;
  }

  /**
   * A report's load id, checked: signed, not ended, from the address that asked for it, for this
   * cohort, and it served `version` of `remote`; a candidate only under a load id with a cohort.
   */
  async function servedRelease(input: { remote: RemoteName; version: string; loadId: string; cohort: string }, address: string) {
    const load = await loadIds.read(input.loadId);
    if (load.address !== loadIds.addressHash(address)) throw new ForbiddenError(m.loadIdOtherAddress);
    if (load.cohort !== undefined && load.cohort !== input.cohort) throw new ForbiddenError(m.cohortMismatch);
    const current = await releases.findLive(input.remote);
    const rollout = current?.rollout ?? null;
    if (load.cohort === undefined && rollout?.version === input.version) throw new ForbiddenError(m.loadIdWithoutCohort(input.remote, input.version));
    const release = load.served[input.remote]?.includes(input.version) ? await releases.findRelease(input.remote, input.version) : null;
    if (!release) throw new ForbiddenError(m.versionNotServed(input.remote, input.version));
    return { load, release, current, rollout };
  }

  /** Stores one report (once per load id, version and kind), placed in the rollout under way when its load id had a cohort. */
  async function keepReport(
    input: { remote: RemoteName; version: string; loadId: string; cohort: string },
    address: string,
    kind: RemoteReportKind,
    fields: Partial<Pick<RemoteReportDocument, 'message' | 'stack' | 'source' | 'lcp' | 'inp' | 'cls'>>,
  ): Promise<{ counted: boolean }> {
    const counted = { remote: input.remote, version: input.version, kind };
    const { load, release, current, rollout } = await servedRelease(input, address).catch((error: unknown) => {
      remoteReportsCounter.inc({ ...counted, outcome: 'refused' });
      throw error;
    });
    await limitCohort(input.cohort).catch((error: unknown) => {
      remoteReportsCounter.inc({ ...counted, outcome: 'refused' });
      throw error;
    });
    remoteReportsCounter.inc({ ...counted, outcome: 'accepted' });
    const side = rollout && load.cohort !== undefined ? sideOf(current!, rollout, input.version) : null;
    const stored = await releases.insertReport({
      remote: input.remote,
      version: input.version,
      kind,
      rolloutId: side ? rollout!.id : null,
      side,
      loadId: load.id,
      cohort: load.cohort ?? null,
      address: load.address,
      at: now(),
      // A load failure names the manifest that failed (the Releases page lists it).
      ...(kind === 'loadError' ? { manifestUrl: release.manifestUrl } : {}),
      ...fields,
    });
    return { counted: stored };
  }

  function sideOf(current: LiveRemoteDocument, rollout: RolloutDocument, version: string): 'candidate' | 'live' | null {
    if (version === rollout.version) return 'candidate';
    return version === current.live ? 'live' : null;
  }

  async function limitCohort(cohort: string): Promise<void> {
    if (!deps.cohortReports) return;
    const { totalHits } = await deps.cohortReports.increment(cohort);
    if (totalHits > guard.reportsPerCohort) throw new TooManyRequestsError(m.tooManyCohortReports, 60);
  }

  /**
   * One tick of one rollout's verdict, by the instance that claimed it: a regression ends the
   * rollout (rolled back, recorded with the metric, both values and the interval); a staged rollout
   * whose stage lasted its window and is judged healthy rises to the next share, or goes live at 100.
   */
  function judgeRollout(current: WithId<LiveRemoteDocument>, rollout: RolloutDocument, at: Date): Promise<void> {
    return withSpan('rollout.verdict', { 'rollout.remote': current.remote, 'rollout.version': rollout.version }, () => judgeRolloutNow(current, rollout, at));
  }

  async function judgeRolloutNow(current: WithId<LiveRemoteDocument>, rollout: RolloutDocument, at: Date): Promise<void> {
    const health = await rolloutHealth(current, rollout);
    const judgement = judge(health.candidate, health.live, guard);
    verdictTicksCounter.inc({ remote: current.remote, state: judgement.state });
    const verdict: VerdictDocument = { at, ...judgement };
    const subject = { kind: 'release' as const, id: current.remote };
    if (judgement.state === 'regression') {
      const reason = m.rolledBackAutomatically(judgement.regression!.summary);
      if (await endRollout(current, { outcome: 'rolledBack', reason, by: AUTOMATIC_ROLLBACK_ACTOR, verdict })) {
        rollbacksCounter.inc({ remote: current.remote, by: 'automatic' });
        await activity.record({ action: 'release.rolledBackAutomatically', actor: AUTOMATIC_ROLLBACK_ACTOR, target: current.remote, details: `${rollout.version}: ${reason}`, subject });
      }
      return;
    }
    await releases.setVerdict(current.remote, rollout.id, verdict);
    // A stage advances only judged healthy: with too few reports to judge it waits (an admin may raise it).
    const stageEnds = nextStageAt(rollout);
    if (judgement.state !== 'healthy' || !stageEnds || stageEnds > at) return;
    const stages = rollout.stages!;
    const index = rollout.stageIndex!;
    const percent = stages[index + 1]!;
    const minutes = rollout.stageMinutes ?? guard.stageMinutes;
    if (percent === 100) {
      const next = { live: rollout.version, history: [...current.history, current.live] };
      if (await endRollout(current, { outcome: 'completed', reason: m.stagesCompleted(rollout.version), by: AUTOMATIC_ROLLOUT_ACTOR, verdict }, next)) {
        await activity.record({ action: 'release.rolloutCompleted', actor: AUTOMATIC_ROLLOUT_ACTOR, target: current.remote, details: rollout.version, subject });
      }
      return;
    }
    if (await releases.advanceStage(current.remote, rollout.id, index, { percent, stageIndex: index + 1, stageStartedAt: at })) {
      await registryChanged();
      await activity.record({
        action: 'release.rolloutAdvanced',
        actor: AUTOMATIC_ROLLOUT_ACTOR,
        target: current.remote,
        details: `${rollout.version} to ${percent} %: ${m.stageAdvanced(rollout.version, percent, minutes)}`,
        subject,
      });
    }
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
      if (running && input.stages) throw new BadRequestError(m.stagesOnlyAtStart(remote, input.version));
      // The schema lets through percent or stages: a staged rollout starts at its first share.
      const percent = input.percent ?? input.stages![0]!;
      if (running && percent <= running.percent) throw new ConflictError(m.shareOnlyRises(remote, input.version, running.percent));
      await assertRunsInShell(release);
      const details = `${input.version} to ${percent} %`;
      const subject = { kind: 'release' as const, id: remote };
      if (percent === 100) {
        const next = { live: input.version, history: [...current.history, current.live] };
        const completed = running
          ? await endRollout(current, { outcome: 'completed', reason: m.completedBy(actor.email), by: actor.email }, next)
          : await releases.replaceLive(remote, current.live, next);
        if (!completed) throw new ConflictError(CHANGED_MEANWHILE);
        if (!running) await registryChanged();
        await activity.record({ action: 'release.rolloutCompleted', actor: actor.email, target: remote, details: input.version, subject });
        return overviewOf(remote, await releases.listReleases());
      }
      const at = now();
      const rollout: RolloutDocument = running
        ? {
            ...running,
            percent,
            // Raised by hand: the next stage is the first above the new share, after a window of its own.
            ...(running.stages ? { stageIndex: Math.max(0, running.stages.findIndex((stage) => stage > percent) - 1), stageStartedAt: at } : {}),
          }
        : {
            id: randomBytes(12).toString('base64url'),
            version: input.version,
            percent,
            startedAt: at,
            startedBy: actor.email,
            stages: input.stages ?? null,
            stageIndex: input.stages ? 0 : null,
            stageMinutes: input.stages ? (input.stageMinutes ?? guard.stageMinutes) : null,
            stageStartedAt: at,
            nextVerdictAt: new Date(at.getTime() + intervalMs),
            verdict: null,
          };
      if (!(await releases.setRollout(remote, { live: current.live, rolloutId: running?.id ?? null }, rollout))) {
        throw new ConflictError(CHANGED_MEANWHILE);
      }
      await registryChanged();
      const staged = !running && input.stages ? ` in stages ${input.stages.join(', ')} %` : '';
      await activity.record({ action: running ? 'release.rolloutRaised' : 'release.rolloutStarted', actor: actor.email, target: remote, details: details + staged, subject });
      return overviewOf(remote, await releases.listReleases());
    },

    /** Ends the rollout under way: everyone gets the live version again. */
    async abortRollout(actor: AccessClaims, remote: RemoteName): Promise<RemoteReleases> {
      const current = await releases.findLive(remote);
      if (!current?.rollout) throw new ConflictError(m.noRollout(remote));
      if (!(await endRollout(current, { outcome: 'aborted', reason: m.abortedBy(actor.email), by: actor.email }))) {
        throw new ConflictError(CHANGED_MEANWHILE);
      }
      rollbacksCounter.inc({ remote, by: 'admin' });
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
    async liveRemotes(cohort: string | undefined, address: string): Promise<LiveRemotes> {
      const live = await releases.listLive();
      const docs = await releases.findReleases(
        live.flatMap((entry) =>
          [entry.live, ...entry.history.slice(-1), ...(entry.rollout ? [entry.rollout.version] : [])].map((version) => ({ remote: entry.remote, version })),
        ),
      );
      const urlOf = (remote: RemoteName, version: string | undefined) =>
        docs.find((doc) => doc.remote === remote && doc.version === version)?.manifestUrl;
      const registry: Omit<LiveRemotes, 'loadId'> = {
        remotes: {},
        previous: {},
        versions: {},
        rollouts: {},
        loadSampleRate: deps.loadSampleRate,
        vitalsSampleRate: guard.vitalsSampleRate,
      };
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
      const served: LoadIdClaims['served'] = {};
      const choices = chooseManifest(registry, { remotes: { mf_shop: '', mf_dashboard: '', mf_admin: '' } }, cohort ?? null);
      for (const remote of REMOTE_NAMES) {
        // Without a cohort, the live and previous versions only: such a load id reports nothing about a rollout.
        const versions = cohort
          ? [choices[remote].version, choices[remote].previousVersion]
          : [registry.versions[remote]?.live, registry.versions[remote]?.previous];
        const known = versions.filter((version): version is string => Boolean(version));
        if (known.length > 0) served[remote] = known;
      }
      return { ...registry, loadId: await loadIds.sign(served, cohort, address) };
    },

    async overview(): Promise<RemoteReleases[]> {
      const all = await releases.listReleases();
      return Promise.all(REMOTE_NAMES.map((remote) => overviewOf(remote, all)));
    },

    /**
     * A page reports an error of a remote version: it would not load (kind load), or it threw once
     * loaded (kind runtime). Kept for the Releases page (grouped by message), once per page load,
     * version and kind, and counted in the rollout under way if its load id had a cohort.
     */
    reportError(input: RemoteLoadFailureInput, address: string): Promise<{ counted: boolean }> {
      return keepReport(input, address, ERROR_KIND[input.kind], {
        message: input.message,
        ...(input.stack ? { stack: input.stack } : {}),
        ...(input.source ? { source: input.source } : {}),
      });
    },

    /** A page loaded a remote version (the shell reports loadSampleRate of them). */
    reportLoad(input: RemoteLoadInput, address: string): Promise<{ counted: boolean }> {
      return keepReport(input, address, 'load', {});
    },

    /** A page's Web Vitals for a remote version (the shell sends vitalsSampleRate of its page loads). */
    reportVitals(input: RemoteVitalsInput, address: string): Promise<{ counted: boolean }> {
      return keepReport(input, address, 'vitals', {
        ...(input.lcp !== undefined ? { lcp: input.lcp } : {}),
        ...(input.inp !== undefined ? { inp: input.inp } : {}),
        ...(input.cls !== undefined ? { cls: input.cls } : {}),
      });
    },

    /**
     * Judges every rollout whose tick has come (RELEASE_VERDICT_INTERVAL_SECONDS): each is claimed by
     * a conditional update first, so with several api instances exactly one judges each tick.
     * Answers how many this instance judged.
     */
    async judgeRollouts(): Promise<number> {
      const at = now();
      let judged = 0;
      for (const current of await releases.listLive()) {
        const rollout = current.rollout;
        if (!rollout) continue;
        // Rollouts stored before verdicts had no next time: their first tick is now.
        if (!rollout.nextVerdictAt) await releases.setRollout(current.remote, { live: current.live, rolloutId: rollout.id }, { ...rollout, nextVerdictAt: at });
        if (!(await releases.claimVerdict(current.remote, rollout.id, at, new Date(at.getTime() + intervalMs)))) continue;
        await judgeRollout(current, rollout, at);
        judged += 1;
      }
      return judged;
    },
  };
}

export type ReleasesService = ReturnType<typeof createReleasesService>;
