import {
  BUILD_SLOTS,
  BUILDS_PAGE_SIZE,
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

export function createBuildsService(repository: BuildsRepository, deps: { parts: Pick<PartsService, 'byIds'> }) {
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
