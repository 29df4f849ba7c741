import {
  ADVICE_SLOTS,
  BUILD_SLOTS,
  BUILDS_PAGE_SIZE,
  type BuildAdvice,
  type BuildAdviceInput,
  type BuildCheck,
  type BuildCheckInput,
  type BuildInput,
  type BuildParts,
  type BuildSelection,
  type BuildSlot,
  type BuildSummary,
  type Page,
  type Part,
  type SavedBuild,
  adviceTexts,
  advisorGap,
  buildTexts,
  checkBuild,
  cpuById,
  slotCategory,
  slotLabels,
  withoutDirectionControls,
} from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { BuildDocument } from './documents';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableEntityError } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import type { PartsService } from '../parts/service';
import { advise } from './advice';
import type { AdvisorCatalog } from './advisor-catalog';
import type { AdvisorRequest } from './advisor';
import type { BuildsRepository } from './repository';

const slotsOf = (parts: BuildParts) => BUILD_SLOTS.filter((slot) => parts[slot]);

/** The rules' input from stored or sent ids and the parts the catalog has now. */
function selectionOf(cpu: string | null | undefined, parts: BuildParts, catalog: Map<string, Part>): BuildSelection {
  return {
    cpu: cpuById(cpu) ?? null,
    parts: Object.fromEntries(slotsOf(parts).map((slot) => [slot, catalog.get(parts[slot]!) ?? null])),
  };
}

const hexParts = (parts: BuildDocument['parts']): BuildParts =>
  Object.fromEntries(slotsOf(parts as BuildParts).map((slot) => [slot, parts[slot]!.toHexString()]));

export function createBuildsService(repository: BuildsRepository, deps: { parts: Pick<PartsService, 'byIds'>; advisorCatalog: AdvisorCatalog }) {
  const catalogOf = (ids: string[]) => deps.parts.byIds([...new Set(ids)].map((id) => ObjectId.createFromHexString(id)));

  /** A build sent to save or check: each slot's part must exist and be of the slot's category. */
  async function resolveSent(input: { parts: BuildParts; cpu?: string | null }): Promise<BuildSelection> {
    const catalog = await catalogOf(Object.values(input.parts) as string[]);
    for (const slot of slotsOf(input.parts)) {
      const part = catalog.get(input.parts[slot]!);
      if (!part) throw new UnprocessableEntityError(buildTexts.partMissing(slotLabels[slot], input.parts[slot]!));
      if (part.category !== slotCategory[slot]) {
        throw new UnprocessableEntityError(buildTexts.wrongCategory(slotLabels[slot], slotCategory[slot], part.name, part.category));
      }
    }
    return selectionOf(input.cpu, input.parts, catalog);
  }

  const stored = (input: BuildInput, now: Date) => ({
    name: input.name,
    cpu: input.cpu ?? null,
    parts: Object.fromEntries(slotsOf(input.parts).map((slot) => [slot, ObjectId.createFromHexString(input.parts[slot]!)])) as Partial<
      Record<BuildSlot, ObjectId>
    >,
    updatedAt: now,
  });

  /**
   * The parts to keep: each must exist, be of its slot's category, carry the specs the advisor reads,
   * be in stock, fit the CPU on its own and hold the storage asked for; else a 422 that says which.
   */
  async function keptParts(input: BuildAdviceInput, cpu: NonNullable<ReturnType<typeof cpuById>>): Promise<AdvisorRequest['keep']> {
    const wanted = ADVICE_SLOTS.flatMap((slot) => (input.keep?.[slot] ? [[slot, input.keep[slot]!] as const] : []));
    if (wanted.length === 0) return undefined;
    const catalog = await catalogOf(wanted.map(([, id]) => id));
    const kept: NonNullable<AdvisorRequest['keep']> = {};
    for (const [slot, id] of wanted) {
      const part = catalog.get(id);
      if (!part) throw new UnprocessableEntityError(buildTexts.partMissing(slotLabels[slot], id));
      if (part.category !== slotCategory[slot]) {
        throw new UnprocessableEntityError(buildTexts.wrongCategory(slotLabels[slot], slotCategory[slot], part.name, part.category));
      }
      const gap = advisorGap(part);
      if (gap) throw new UnprocessableEntityError(adviceTexts.keptUnusable(part.name, gap));
      if (part.p_quantity < Math.max(1, part.min_quantity)) throw new UnprocessableEntityError(adviceTexts.keptOutOfStock(part.name));
      const problem = checkBuild({ cpu, parts: { [slot]: part } }).results.find((result) => result.level === 'problem');
      if (problem) throw new UnprocessableEntityError(problem.message);
      const capacityGB = slot === 'storage' && part.specs && 'capacityGB' in part.specs ? part.specs.capacityGB : undefined;
      if (capacityGB !== undefined && input.storage && capacityGB < input.storage.minGB) {
        throw new UnprocessableEntityError(adviceTexts.keptTooSmall(part.name, capacityGB, input.storage.minGB));
      }
      kept[slot] = part;
    }
    return kept;
  }

  /** Found, and the caller's: else 404, or 403 for someone else's (a build is public to read, so its existence is no secret). */
  async function ownBuild(caller: AccessClaims, id: ObjectId): Promise<WithId<BuildDocument>> {
    const build = await repository.findById(id);
    if (!build) throw new NotFoundError(buildTexts.notFound);
    if (build.ownerId !== caller.sub) throw new ForbiddenError(buildTexts.notOwner);
    return build;
  }

  return {
    /** POST /builds/check: the rules' results, wattage and total, as the builder computes them. */
    async check(input: BuildCheckInput): Promise<BuildCheck> {
      return checkBuild(await resolveSent(input));
    },

    /**
     * POST /builds/advise: the best compatible in-stock build for the budget, use and CPU, with its
     * reasons, a cheaper and a stronger alternative, and its check; a 422 says what is missing.
     */
    async advise(input: BuildAdviceInput): Promise<BuildAdvice> {
      const cpu = cpuById(input.cpu)!;
      const [keep, catalog] = await Promise.all([keptParts(input, cpu), deps.advisorCatalog.parts()]);
      const request: AdvisorRequest = { budget: input.budget, use: input.use, cpu, ...(keep ? { keep } : {}), ...(input.storage ? { storageMinGB: input.storage.minGB } : {}) };
      const outcome = advise(catalog, request);
      if ('refused' in outcome) throw new UnprocessableEntityError(outcome.refused);
      // The solver hands back the catalog's own objects: Parts.
      return { ...outcome.advice, parts: outcome.advice.parts as Part[] };
    },

    /** POST /builds: a build with Problems is saved too (the page says what is wrong). */
    async save(caller: AccessClaims, input: BuildInput): Promise<{ _id: string }> {
      await resolveSent(input);
      const now = new Date();
      const id = await repository.insertWithinQuota({ ownerId: caller.sub, ownerEmail: caller.email, ...stored(input, now), createdAt: now });
      if (!id) throw new ConflictError(buildTexts.tooMany);
      return { _id: id.toHexString() };
    },

    /** GET /builds/{id} (public): each slot's part as the catalog has it now, null when no longer sold. */
    async get(id: ObjectId): Promise<SavedBuild> {
      const build = await repository.findById(id);
      if (!build) throw new NotFoundError(buildTexts.notFound);
      const parts = hexParts(build.parts);
      const catalog = await catalogOf(Object.values(parts) as string[]);
      return {
        _id: build._id.toHexString(),
        // Public to read: a name saved before direction controls were refused shows without them.
        name: withoutDirectionControls(build.name),
        cpu: build.cpu,
        parts,
        slots: slotsOf(parts).map((slot) => ({ slot, productId: parts[slot]!, part: catalog.get(parts[slot]!) ?? null })),
        check: checkBuild(selectionOf(build.cpu, parts, catalog)),
        createdAt: build.createdAt.toISOString(),
        updatedAt: build.updatedAt.toISOString(),
      };
    },

    /** GET /builds?mine=true: the caller's builds, last saved first, each with its state now. */
    async listMine(caller: AccessClaims, query: { page?: number; limit?: number }): Promise<Page<BuildSummary>> {
      const paging = pageRequest(query, BUILDS_PAGE_SIZE);
      const { docs, total } = await repository.pageOf(caller.sub, paging);
      const all = docs.map((doc) => hexParts(doc.parts));
      const catalog = await catalogOf(all.flatMap((parts) => Object.values(parts) as string[]));
      const items = docs.map((doc, index): BuildSummary => {
        const parts = all[index]!;
        const check = checkBuild(selectionOf(doc.cpu, parts, catalog));
        return {
          _id: doc._id.toHexString(),
          name: doc.name,
          cpu: doc.cpu,
          parts,
          partCount: slotsOf(parts).length,
          state: check.state,
          problems: check.results.filter((result) => result.level === 'problem').length,
          notes: check.results.filter((result) => result.level === 'note').length,
          totalCents: check.totalCents,
          estimatedW: check.estimatedW,
          updatedAt: doc.updatedAt.toISOString(),
        };
      });
      return toPage(items, total, paging);
    },

    /** PUT /builds/{id}: the owner only. */
    async update(caller: AccessClaims, id: ObjectId, input: BuildInput): Promise<{ _id: string }> {
      await ownBuild(caller, id);
      await resolveSent(input);
      // Deleted meanwhile by the owner elsewhere: as gone as a build that never was.
      if ((await repository.update(id, caller.sub, stored(input, new Date()))) === 0) throw new NotFoundError(buildTexts.notFound);
      return { _id: id.toHexString() };
    },

    /** DELETE /builds/{id}: the owner only; 0 when it was already gone. */
    async remove(caller: AccessClaims, id: ObjectId): Promise<{ deletedCount: number }> {
      const build = await repository.findById(id);
      if (!build) return { deletedCount: 0 };
      if (build.ownerId !== caller.sub) throw new ForbiddenError(buildTexts.notOwner);
      return { deletedCount: await repository.delete(id, caller.sub) };
    },
  };
}

export type BuildsService = ReturnType<typeof createBuildsService>;
