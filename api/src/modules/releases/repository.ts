import type { RemoteName } from '@pcpp/contracts/core';
import type { Collection, OptionalUnlessRequiredId, WithId } from 'mongodb';
import type { LiveRemoteDocument, ReleaseDocument, RemoteReportDocument, RemoteReportKind, RolloutDocument, RolloutOutcomeDocument, VerdictDocument } from './documents';

const DUPLICATE_KEY = 11000;
const FAILURES_LISTED = 20;
const ERROR_GROUPS_LISTED = 20;
/** The newest errors the Releases page groups (a bound on what one page view reads). */
const ERRORS_GROUPED = 5_000;

/** Inserts a copy of `doc`; false when a unique index already holds its key. */
async function insertUnlessDuplicate<T extends object>(collection: Collection<T>, doc: OptionalUnlessRequiredId<T>): Promise<boolean> {
  try {
    await collection.insertOne({ ...doc });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
    throw error;
  }
}

export function createReleasesRepository(collections: {
  releases: Collection<ReleaseDocument>;
  liveRemotes: Collection<LiveRemoteDocument>;
  remoteReports: Collection<RemoteReportDocument>;
}) {
  const { releases, liveRemotes, remoteReports } = collections;
  return {
    /** False when this version of the remote is already stored (the unique index decides). */
    insertRelease(release: ReleaseDocument): Promise<boolean> {
      return insertUnlessDuplicate(releases, release);
    },

    findRelease(remote: RemoteName, version: string): Promise<WithId<ReleaseDocument> | null> {
      return releases.findOne({ remote, version });
    },

    /** These versions (remote and version each), in no particular order; those never published are left out. */
    findReleases(wanted: { remote: RemoteName; version: string }[]): Promise<WithId<ReleaseDocument>[]> {
      if (wanted.length === 0) return Promise.resolve([]);
      return releases.find({ $or: wanted.map(({ remote, version }) => ({ remote, version })) }).toArray();
    },

    /** Every version, newest first. */
    listReleases(): Promise<WithId<ReleaseDocument>[]> {
      return releases.find({}).sort({ publishedAt: -1, _id: -1 }).toArray();
    },

    findLive(remote: RemoteName): Promise<WithId<LiveRemoteDocument> | null> {
      return liveRemotes.findOne({ remote });
    },

    listLive(): Promise<WithId<LiveRemoteDocument>[]> {
      return liveRemotes.find({}).toArray();
    },

    /**
     * Sets what is live, only if it is still `expectedLive` (null: nothing live yet), so two admins
     * promoting at once cannot lose a step of the history. False when someone else changed it first.
     */
    async replaceLive(remote: RemoteName, expectedLive: string | null, next: { live: string; history: string[] }): Promise<boolean> {
      if (expectedLive === null) return insertUnlessDuplicate(liveRemotes, { remote, ...next, updatedAt: new Date() });
      const { modifiedCount } = await liveRemotes.updateOne(
        { remote, live: expectedLive },
        { $set: { live: next.live, history: next.history, updatedAt: new Date() } },
      );
      return modifiedCount === 1;
    },

    /**
     * Starts a rollout, or changes the one under way (its share), only if the remote is still as it was
     * read: `expected` is the live version and the rollout id (null: none). False when someone changed it first.
     */
    async setRollout(remote: RemoteName, expected: { live: string; rolloutId: string | null }, rollout: RolloutDocument): Promise<boolean> {
      const filter = expected.rolloutId === null ? { remote, live: expected.live, rollout: null } : { remote, live: expected.live, 'rollout.id': expected.rolloutId };
      const { modifiedCount } = await liveRemotes.updateOne(filter, { $set: { rollout, updatedAt: new Date() } });
      return modifiedCount === 1;
    },

    /**
     * Ends the rollout `rolloutId` with `outcome`, and makes `next` live if given (a completed rollout).
     * False when it had ended already (another api instance, another admin): only one ending counts.
     */
    async endRollout(
      remote: RemoteName,
      rolloutId: string,
      outcome: RolloutOutcomeDocument,
      next?: { live: string; history: string[] },
    ): Promise<boolean> {
      const { modifiedCount } = await liveRemotes.updateOne(
        { remote, 'rollout.id': rolloutId },
        { $set: { rollout: null, lastRollout: outcome, ...(next ?? {}), updatedAt: new Date() } },
      );
      return modifiedCount === 1;
    },

    /**
     * Takes this tick of a rollout's verdict: moves its next verdict time from a past one to `next`,
     * only if no other instance did first. True: this instance judges it now.
     */
    async claimVerdict(remote: RemoteName, rolloutId: string, now: Date, next: Date): Promise<boolean> {
      const { modifiedCount } = await liveRemotes.updateOne(
        { remote, 'rollout.id': rolloutId, 'rollout.nextVerdictAt': { $lte: now } },
        { $set: { 'rollout.nextVerdictAt': next } },
      );
      return modifiedCount === 1;
    },

    /** Keeps the latest verdict of a rollout still under way. */
    async setVerdict(remote: RemoteName, rolloutId: string, verdict: VerdictDocument): Promise<void> {
      await liveRemotes.updateOne({ remote, 'rollout.id': rolloutId }, { $set: { 'rollout.verdict': verdict } });
    },

    /** Moves a staged rollout to its next share, only from stage `fromIndex` (one instance advances it once). */
    async advanceStage(remote: RemoteName, rolloutId: string, fromIndex: number, next: { percent: number; stageIndex: number; stageStartedAt: Date }): Promise<boolean> {
      const { modifiedCount } = await liveRemotes.updateOne(
        { remote, 'rollout.id': rolloutId, 'rollout.stageIndex': fromIndex },
        {
          $set: {
            'rollout.percent': next.percent,
            'rollout.stageIndex': next.stageIndex,
            'rollout.stageStartedAt': next.stageStartedAt,
            updatedAt: new Date(),
          },
        },
      );
      return modifiedCount === 1;
    },

    /** False when this page load already reported this version with this kind (the unique index decides). */
    insertReport(report: RemoteReportDocument): Promise<boolean> {
      return insertUnlessDuplicate(remoteReports, report);
    },

    /** The reports counted in a rollout (those under load ids with a cohort). */
    rolloutReports(rolloutId: string): Promise<WithId<RemoteReportDocument>[]> {
      return remoteReports.find({ rolloutId, cohort: { $ne: null } }).toArray();
    },

    /** Per side of a rollout: the page loads that reported its version, and its load failures. */
    async rolloutCounts(rolloutId: string): Promise<Record<'candidate' | 'live', { loads: number; failures: number }>> {
      // Counted here rather than by $group: the embedded database evaluates no expression in a group's _id.
      const reports = await remoteReports.find({ rolloutId }).toArray();
      const of = (side: string) => {
        const mine = reports.filter((report) => report.side === side);
        return { loads: new Set(mine.map((report) => report.loadId)).size, failures: mine.filter((report) => report.kind === 'loadError').length };
      };
      return { candidate: of('candidate'), live: of('live') };
    },

    /** Every published version and what is live, for the registry file (registry-file.ts). */
    async snapshot() {
      return { releases: await releases.find({}).toArray(), live: await liveRemotes.find({}).toArray() };
    },

    /** A remote's load failures since `since`: the newest 20, and how many in all. */
    async recentFailures(remote: RemoteName, since: Date) {
      const filter = { remote, kind: 'loadError' as RemoteReportKind, at: { $gte: since } };
      const [docs, total] = await Promise.all([
        remoteReports.find(filter).sort({ at: -1, _id: -1 }).limit(FAILURES_LISTED).toArray(),
        remoteReports.countDocuments(filter),
      ]);
      return { docs, total };
    },

    /**
     * A remote's errors since `since` (the newest ERRORS_GROUPED), grouped by kind, version and message:
     * how many reports, how many cohorts, first and last seen; most reported first, at most 20.
     * Grouped here: the embedded database has no $min/$max accumulators.
     */
    async errorGroups(remote: RemoteName, since: Date) {
      const reports = await remoteReports
        .find({ remote, kind: { $in: ['loadError', 'runtimeError'] }, at: { $gte: since } })
        .sort({ at: -1 })
        .limit(ERRORS_GROUPED)
        .toArray();
      const groups = new Map<
        string,
        { kind: RemoteReportKind; version: string; message: string; count: number; cohorts: Set<string | null>; firstSeen: Date; lastSeen: Date; stack?: string; source?: string }
      >();
      for (const report of reports) {
        const key = JSON.stringify([report.kind, report.version, report.message ?? '']);
        // Newest first: a group's stack and file are its latest report's.
        const group = groups.get(key) ?? {
          kind: report.kind,
          version: report.version,
          message: report.message ?? '',
          count: 0,
          cohorts: new Set(),
          firstSeen: report.at,
          lastSeen: report.at,
          ...(report.stack ? { stack: report.stack } : {}),
          ...(report.source ? { source: report.source } : {}),
        };
        group.count += 1;
        group.cohorts.add(report.cohort);
        if (report.at < group.firstSeen) group.firstSeen = report.at;
        if (report.at > group.lastSeen) group.lastSeen = report.at;
        groups.set(key, group);
      }
      return [...groups.values()]
        .sort((x, y) => y.count - x.count || y.lastSeen.getTime() - x.lastSeen.getTime())
        .slice(0, ERROR_GROUPS_LISTED)
        .map((group) => ({ ...group, cohorts: group.cohorts.size }));
    },
  };
}

export type ReleasesRepository = ReturnType<typeof createReleasesRepository>;
