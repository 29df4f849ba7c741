import {
  CATALOG_FACET_PARAMS,
  CATALOG_PAGE_SIZE,
  type CatalogFacet,
  type CatalogQuery,
  type PartInput,
  type Part,
  type PartList,
  catalogFacetLabels,
  defaultCatalogSort,
  facetKey,
  facetValueLabel,
  sortFacetValues,
  validationMessages,
} from '@pcpp/contracts/core';
import type { ObjectId, WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { PartDocument } from '../../db/mongo';
import { BadRequestError, NotFoundError } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { PartsRepository } from './repository';

/** Field by field, so nothing stored but unlisted (or unprojected) reaches a client. */
export function toPart(doc: WithId<PartDocument>): Part {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    img: doc.img,
    description: doc.description,
    category: doc.category,
    price: doc.price,
    p_quantity: doc.p_quantity,
    min_quantity: doc.min_quantity,
    ...(doc.specs ? { specs: doc.specs } : {}),
    createdAt: doc.createdAt.toISOString(),
  };
}

/** The counts as the answer's facets: each facet's values in a steady order; a chosen one even at 0. */
function toFacets(counts: Map<string, number>, chosen: CatalogQuery): CatalogFacet[] {
  return CATALOG_FACET_PARAMS.flatMap((param) => {
    const values = new Set([...counts.keys()].filter((key) => key.startsWith(`${param}:`)).map((key) => key.slice(param.length + 1)));
    if (chosen[param]) values.add(chosen[param]);
    if (values.size === 0) return [];
    return [
      {
        param,
        label: catalogFacetLabels[param],
        values: sortFacetValues(param, [...values]).map((value) => ({
          value,
          label: facetValueLabel(param, value),
          count: counts.get(facetKey(param, value)) ?? 0,
        })),
      },
    ];
  });
}

/** The image uploads (modules/uploads): an upload a product uses is kept, the others are cleaned up. */
export interface ImageUploads {
  /** Marks an uploaded image as used, so the cleanup of unattached uploads keeps it. */
  attach(url: string): Promise<unknown>;
  /** Whether the url is one of the shop's uploads (its uploads origin: the api's /uploads, or the bucket's public URL). */
  isUploadUrl(url: string): boolean;
}

export function createPartsService(
  repository: PartsRepository,
  deps: { activity: ActivityRecorder; uploads?: ImageUploads },
) {
  return {
    /** Every part, newest last: the spec's plain GET /tools. */
    async list(): Promise<Part[]> {
      return (await repository.findAll()).map(toPart);
    },
    /**
     * The catalog: filtered by category, facets and search text, sorted (newest first, or best
     * match first when searching), one page at a time, with the facets' counts.
     */
    async search(query: CatalogQuery): Promise<PartList> {
      const paging = pageRequest(query, CATALOG_PAGE_SIZE);
      const { page: _page, limit: _limit, q, sort, ...filters } = query;
      const text = q || undefined;
      const [{ docs, total }, counts] = await Promise.all([
        repository.search({ ...filters, text, sort: sort ?? defaultCatalogSort(text), skip: paging.skip, limit: paging.limit }),
        repository.facetCounts({ ...filters, text }),
      ]);
      return { ...toPage(docs.map(toPart), total, paging), facets: toFacets(counts, query) };
    },
    /** The parts of these ids that exist (a saved build's, a build to check). */
    async byIds(ids: ObjectId[]): Promise<Map<string, Part>> {
      const docs = await repository.findByIds(ids);
      return new Map(docs.map((doc) => [doc._id.toHexString(), toPart(doc)]));
    },
    async get(id: ObjectId): Promise<Part> {
      const doc = await repository.findById(id);
      if (!doc) throw new NotFoundError('Part not found');
      return toPart(doc);
    },

    /**
     * POST /tools (admin). The repository's insert drops the cached catalog answers, so GET /tools
     * lists the part at once. If its image cannot be kept, the part is taken out again and the call fails.
     */
    async add(caller: AccessClaims, input: PartInput): Promise<{ insertedId: string }> {
      // The catalog shows it to everyone: only an image the shop itself stores.
      if (deps.uploads && !deps.uploads.isUploadUrl(input.img)) {
        throw new BadRequestError(validationMessages.imageNotUploaded);
      }
      const id = await repository.insert({ ...input, createdAt: new Date() });
      try {
        await deps.uploads?.attach(input.img);
      } catch (error) {
        await repository.deleteById(id);
        throw error;
      }
      await deps.activity.record({ action: 'product.added', actor: caller.email, target: input.name });
      return { insertedId: id.toHexString() };
    },

    /** DELETE /tools/:id (admin). Orders keep their own copy of the part's name and price. */
    async remove(caller: AccessClaims, id: ObjectId): Promise<{ deletedCount: number }> {
      const part = await repository.findById(id);
      // Of two racing deletes, the one whose delete removed it logs it.
      const deletedCount = part ? await repository.deleteById(id) : 0;
      if (part && deletedCount === 1) {
        await deps.activity.record({ action: 'product.deleted', actor: caller.email, target: part.name });
      }
      return { deletedCount };
    },
  };
}

export type PartsService = ReturnType<typeof createPartsService>;
