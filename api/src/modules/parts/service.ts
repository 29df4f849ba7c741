import type { Readable } from 'node:stream';
import {
  type ActivityChange,
  centsToDecimal,
  PART_CSV_COLUMNS,
  type BulkPartEdit,
  type BulkPartEditAnswer,
  type PartImportAnswer,
  type PartImportRow,
  CATALOG_FACET_PARAMS,
  CATALOG_PAGE_SIZE,
  type CatalogFacet,
  type CatalogQuery,
  formatCents,
  PART_FIELD_LABELS,
  partEditMessages,
  partPatchSchema,
  type PartInput,
  type PartPatch,
  type PartSpecs,
  type Part,
  type PriceChange,
  type PartList,
  catalogFacetLabels,
  defaultCatalogSort,
  facetKey,
  facetValueLabel,
  sortFacetValues,
  sameSpecs,
  specsInputSchemas,
  specSummary,
  validationMessages,
  productAdminText,
} from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { PartDocument } from './documents';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import type { ActivityLog } from '../activity/service';
import { csvStream } from '../../csv/csv';
import { matchKey, planImport, readImportFile, toImportRow } from './import';
import type { PriceHistory } from './price-history';
import type { PartEdit, PartsRepository } from './repository';
import type { ShopPictures } from './shop-pictures';

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
    version: doc.version ?? 0,
    ...(doc.specs ? { specs: doc.specs } : {}),
    ...(doc.rating && doc.rating.count > 0 ? { rating: { average: doc.rating.average, count: doc.rating.count } } : {}),
    createdAt: doc.createdAt.toISOString(),
  };
}

const EDITABLE_FIELDS = ['name', 'category', 'price', 'min_quantity', 'description', 'img'] as const satisfies readonly (keyof PartEdit)[];
/** Long texts are cut in the log: it says what changed, the part keeps the whole text. */
const LOGGED_TEXT_MAX = 80;

/** A field's value as the Activity page shows it: prices in dollars, long texts cut. */
function loggedValue(field: keyof PartEdit | 'p_quantity', value: string | number): string {
  if (field === 'price') return formatCents(value as number);
  const text = String(value);
  return text.length > LOGGED_TEXT_MAX ? `${text.slice(0, LOGGED_TEXT_MAX - 1)}…` : text;
}

/**
 * The specs after the edit, checked against the part's category after it: those sent, none (null
 * sent), or none when the category changes without new ones (the old ones are another category's).
 * undefined: the specs stay as they are.
 */
function editedSpecs(current: PartDocument, patch: PartPatch): PartSpecs | null | undefined {
  const category = patch.category ?? current.category;
  if (patch.specs === null) return current.specs ? null : undefined;
  if (patch.specs !== undefined) {
    const parsed = specsInputSchemas[category].safeParse(patch.specs);
    if (!parsed.success) {
      // Another category's specs: say which keys this one takes, rather than the first missing one.
      const issue = parsed.error.issues.find((found) => found.code === 'unrecognized_keys') ?? parsed.error.issues[0];
      throw new BadRequestError(issue?.message ?? `specs must be a ${category} part's`);
    }
    return sameSpecs(parsed.data, current.specs) ? undefined : parsed.data;
  }
  return category !== current.category && current.specs ? null : undefined;
}

/** The fields the patch sets to something new, and how each reads in the log (field: old → new). */
function changedFields(current: PartDocument, patch: PartPatch): { set: PartEdit; dropSpecs: boolean; changes: ActivityChange[] } {
  const set: Record<string, unknown> = {};
  const changes: ActivityChange[] = [];
  for (const field of EDITABLE_FIELDS) {
    const value = patch[field];
    if (value === undefined || value === current[field]) continue;
    set[field] = value;
    changes.push({ field: PART_FIELD_LABELS[field], from: loggedValue(field, current[field]), to: loggedValue(field, value) });
  }
  const specs = editedSpecs(current, patch);
  if (specs) set.specs = specs;
  if (specs !== undefined) {
    const category = patch.category ?? current.category;
    changes.push({
      field: PART_FIELD_LABELS.specs,
      from: loggedValue('specs', specSummary(current)),
      to: loggedValue('specs', specSummary({ category, ...(specs ? { specs } : {}) })),
    });
  }
  return { set: set as PartEdit, dropSpecs: specs === null, changes };
}

/**
 * What puts an edit back: each field it set as it was before, the specs it set or dropped as they
 * were (null: none), and its stock change reversed (from the stock after it to the stock before).
 */
function revertPatch(
  before: PartDocument,
  after: PartDocument,
  { set, dropSpecs, stockDelta }: { set: PartEdit; dropSpecs: boolean; stockDelta: number },
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) if (set[field] !== undefined) patch[field] = before[field];
  if (set.specs !== undefined || dropSpecs) patch.specs = before.specs ?? null;
  if (stockDelta !== 0) patch.p_quantity = { from: after.p_quantity, to: after.p_quantity - stockDelta };
  return patch;
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
  deps: {
    /** The Activity log: where edits are recorded, and read back to put one back. */
    activity: Pick<ActivityLog, 'record' | 'entry' | 'markPutBack'>;
    uploads?: ImageUploads;
    /** Where price changes are kept (the part's price history); none: not kept. */
    priceHistory?: PriceHistory;
    /** Called after an edit changed the price or stock, without waiting (the alerts' fan-out). */
    onPriceOrStockChange?: (id: ObjectId) => void;
    /** The shop's own part pictures (the seeded catalog's), taken like uploads. */
    shopPictures?: ShopPictures;
  },
) {
  /** Whether a part may show this picture: one of the shop's uploads or its own pictures, never another site's. */
  const imageAllowed = (url: string): boolean => !deps.uploads || deps.uploads.isUploadUrl(url) || deps.shopPictures?.has(url) === true;
  const service = {
    /** GET /tools.csv (admin): every part, oldest first, as the import reads it back; streamed. */
    catalogCsv(): Readable {
      return csvStream(repository.cursorAll(), PART_CSV_COLUMNS, (doc) => [
        doc.name,
        doc.category,
        centsToDecimal(doc.price),
        doc.p_quantity,
        doc.min_quantity,
        doc.description,
        doc.img,
        doc.specs ? JSON.stringify(doc.specs) : '',
      ]);
    },
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
    /** Every part with stock: what the build advisor chooses from. */
    async inStock(): Promise<Part[]> {
      return (await repository.findInStock()).map(toPart);
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

    /** GET /tools/{id}/price-history: the part's price changes, newest first (404: no such part). */
    async priceHistory(id: ObjectId): Promise<PriceChange[]> {
      if (!(await repository.findById(id))) throw new NotFoundError('Part not found');
      return deps.priceHistory ? deps.priceHistory.of(id) : [];
    },

    /**
     * POST /tools (admin). The repository's insert drops the cached catalog answers, so GET /tools
     * lists the part at once. If its image cannot be kept, the part is taken out again and the call fails.
     */
    async add(caller: AccessClaims, input: PartInput, { imageChecked = false } = {}): Promise<{ insertedId: string }> {
      // The catalog shows it to everyone: only an image the shop itself stores.
      if (!imageChecked && !imageAllowed(input.img)) {
        throw new BadRequestError(validationMessages.imageNotUploaded);
      }
      const id = await repository.insert({ ...input, createdAt: new Date() });
      try {
        await deps.uploads?.attach(input.img);
      } catch (error) {
        await repository.deleteById(id);
        throw error;
      }
      await deps.activity.record({ action: 'product.added', actor: caller.email, target: input.name, subject: { kind: 'product', id: id.toHexString() } });
      return { insertedId: id.toHexString() };
    },

    /**
     * PATCH /tools/:id (admin): only the fields sent change, and only if the part is still at the
     * version the admin loaded (409 otherwise: another admin saved it meanwhile). The stock moves
     * by the difference between the figures sent, in the same atomic step, so units ordered
     * meanwhile stay taken; a cut below 0 is refused. Logged as field: old → new.
     */
    async edit(caller: AccessClaims, id: ObjectId, patch: PartPatch, { details }: { details?: string } = {}): Promise<Part> {
      const current = await repository.findById(id);
      if (!current) throw new NotFoundError('Part not found');
      if ((current.version ?? 0) !== patch.version) throw new ConflictError(partEditMessages.changedMeanwhile);
      const { set, dropSpecs, changes } = changedFields(current, patch);
      const stockDelta = patch.p_quantity ? patch.p_quantity.to - patch.p_quantity.from : 0;
      // Nothing differs: the part as it is, no new version, nothing logged.
      if (changes.length === 0 && stockDelta === 0) return toPart(current);
      // The catalog shows it to everyone: only an image the shop itself stores, as for an added part.
      if (set.img && !imageAllowed(set.img)) throw new BadRequestError(validationMessages.imageNotUploaded);
      // A new photo is kept before the part points at it (the cleanup deletes unattached uploads).
      if (set.img) await deps.uploads?.attach(set.img);
      const after = await repository.edit(current, patch.version, { set, dropSpecs, stockDelta });
      if (!after) {
        const now = await repository.findById(id);
        if (!now) throw new NotFoundError('Part not found');
        if ((now.version ?? 0) !== patch.version) throw new ConflictError(partEditMessages.changedMeanwhile);
        throw new ConflictError(partEditMessages.stockBelowZero(now.p_quantity), { details: { available: now.p_quantity } });
      }
      if (set.price !== undefined) {
        await deps.priceHistory?.record({ productId: id, from: current.price, to: after.price, changedAt: new Date(), changedBy: caller.email });
      }
      if (set.price !== undefined || stockDelta !== 0) deps.onPriceOrStockChange?.(id);
      if (stockDelta !== 0) {
        changes.push({ field: PART_FIELD_LABELS.p_quantity, from: String(after.p_quantity - stockDelta), to: String(after.p_quantity) });
      }
      await deps.activity.record({
        action: 'product.edited',
        actor: caller.email,
        target: after.name,
        ...(details ? { details } : {}),
        changes,
        subject: { kind: 'product', id: id.toHexString() },
        revert: { version: after.version ?? 0, patch: revertPatch(current, after, { set, dropSpecs, stockDelta }) },
      });
      return toPart(after);
    },

    /**
     * POST /tools/bulk (admin): each row is an edit of its own (its version checked, its stock moved
     * by the difference), one after the other; a row refused (changed meanwhile, too little stock,
     * deleted) is named with the reason and the others go on.
     */
    async bulkEdit(caller: AccessClaims, { changes }: BulkPartEdit): Promise<BulkPartEditAnswer> {
      const names = new Map((await repository.findByIds(changes.map((change) => ObjectId.createFromHexString(change.id)))).map((doc) => [doc._id.toHexString(), doc.name]));
      const answer: BulkPartEditAnswer = { updated: [], refused: [] };
      for (const { id, ...patch } of changes) {
        const name = names.get(id) ?? id;
        try {
          answer.updated.push(await service.edit(caller, ObjectId.createFromHexString(id), patch, { details: productAdminText.bulkDetails }));
        } catch (error) {
          // A refusal the row's own edit gives (4xx) is named; anything else fails the call.
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          answer.refused.push({ _id: id, name, message: error instanceof NotFoundError ? productAdminText.partGone : error.message });
        }
      }
      return answer;
    },

    /**
     * POST /tools/import (admin): each row of the CSV checked against the catalog (matched by name
     * and category); with `dryRun` false, the valid rows are applied through add and edit (each one
     * logged as usual, the import once more as a whole). A row refused while applying (changed
     * meanwhile) is answered as an error. Running the same file again changes nothing.
     */
    async importCsv(caller: AccessClaims, text: string, dryRun: boolean): Promise<PartImportAnswer> {
      const rows = readImportFile(text);
      const byKey = new Map<string, WithId<PartDocument>[]>();
      for (const doc of await repository.findAll()) {
        const key = matchKey(doc.category, doc.name);
        byKey.set(key, [...(byKey.get(key) ?? []), doc]);
      }
      const planned = planImport(rows, byKey, imageAllowed);
      const answerRows: PartImportRow[] = [];
      let changedAny = false;
      for (const row of planned) {
        if (dryRun || row.action === 'error') {
          answerRows.push(toImportRow(row));
          continue;
        }
        try {
          if (row.action === 'create') await service.add(caller, row.input, { imageChecked: true });
          else if (row.changes.length > 0) await service.edit(caller, row.part._id, row.patch, { details: productAdminText.importDetails });
          changedAny ||= row.action === 'create' || row.changes.length > 0;
          answerRows.push(toImportRow(row));
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          answerRows.push({ row: row.row, action: 'error', name: row.name, errors: [{ row: row.row, column: 'row', message: error.message }], changes: [] });
        }
      }
      const count = (action: PartImportRow['action']) => answerRows.filter((row) => row.action === action).length;
      const answer: PartImportAnswer = { dryRun, rows: answerRows, created: count('create'), updated: count('update'), errors: count('error') };
      // Logged when it changed something (the same file again changes nothing, and logs nothing).
      if (changedAny) {
        await deps.activity.record({
          action: 'product.imported',
          actor: caller.email,
          target: 'CSV import',
          details: `${answer.created} created, ${answer.updated} updated, ${answer.errors} refused (${rows.length} rows)`,
        });
      }
      return answer;
    },

    /**
     * POST /tools/{id}/put-back (admin): the edit an Activity entry recorded, undone: its fields as
     * they were before it and its stock change reversed, only while the part is still at the
     * version that edit left it at (409 when someone changed it since). Itself an edit, logged as
     * one; the entry is marked put back, once.
     */
    async putBack(caller: AccessClaims, id: ObjectId, activityId: ObjectId): Promise<Part> {
      const entry = await deps.activity.entry(activityId);
      if (!entry || entry.action !== 'product.edited' || entry.subject?.id !== id.toHexString() || !entry.revert) {
        throw new NotFoundError(productAdminText.putBackUnknown);
      }
      if (entry.putBack) throw new ConflictError(productAdminText.putBackAlready(entry.putBack.by));
      const patch = partPatchSchema.safeParse({ ...entry.revert.patch, version: entry.revert.version });
      if (!patch.success) throw new NotFoundError(productAdminText.putBackUnknown);
      let part: Part;
      try {
        part = await service.edit(caller, id, patch.data, { details: productAdminText.putBackDetails });
      } catch (error) {
        if (error instanceof ConflictError && error.message === partEditMessages.changedMeanwhile) throw new ConflictError(productAdminText.putBackChangedSince);
        throw error;
      }
      // The version check let one put back through; its entry says so.
      await deps.activity.markPutBack(activityId, caller.email);
      return part;
    },

    /** DELETE /tools/:id (admin). Orders keep their own copy of the part's name and price. */
    async remove(caller: AccessClaims, id: ObjectId): Promise<{ deletedCount: number }> {
      const part = await repository.findById(id);
      // Of two racing deletes, the one whose delete removed it logs it.
      const deletedCount = part ? await repository.deleteById(id) : 0;
      if (part && deletedCount === 1) {
        await deps.activity.record({ action: 'product.deleted', actor: caller.email, target: part.name, subject: { kind: 'product', id: id.toHexString() } });
      }
      return { deletedCount };
    },
  };
  return service;
}

export type PartsService = ReturnType<typeof createPartsService>;
