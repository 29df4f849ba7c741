import express, { type RequestHandler } from 'express';
import {
  apiErrorSchema,
  bulkPartEditAnswerSchema,
  deletedCountAnswerSchema,
  insertedIdAnswerSchema,
  PART_CSV_COLUMNS,
  PART_IMPORT_MAX_BYTES,
  partImportAnswerSchema,
  partListSchema,
  partSchema,
  priceChangeSchema,
  productAdminText,
  stockConflictSchema,
} from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import type { CatalogCache } from '../../catalog-cache';
import { type RouteModule, routeDeclarer, SENT } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import { sendCsv } from '../../csv/csv';
import { HttpError } from '../../errors';
import type { PartsService } from './service';
import { bulkPartEditBodySchema, importQuerySchema, partBodySchema, partListQuerySchema, partParamsSchema, partPatchBodySchema, putBackBody } from './validators';

export interface PartsRouteDeps {
  parts: PartsService;
  catalogCache: CatalogCache;
}

const route = routeDeclarer<PartsRouteDeps>();
const NOT_FOUND = { description: 'No part has this id.' };

/** The import's body: CSV text only, at most PART_IMPORT_MAX_BYTES, each refusal said in words. */
const csvText = express.text({ type: 'text/csv', limit: PART_IMPORT_MAX_BYTES });
const readCsvBody: RequestHandler = (req, res, next) => {
  if (!req.is('text/csv')) {
    next(new HttpError(415, productAdminText.importNeedsCsv));
    return;
  }
  csvText(req, res, (error?: unknown) => {
    const type = (error as { type?: string } | undefined)?.type;
    if (type === 'entity.too.large') next(new HttpError(413, productAdminText.importTooLarge));
    else if (error) next(error);
    else if (typeof req.body !== 'string') next(new HttpError(415, productAdminText.importNeedsCsv));
    else next();
  });
};

/** The spec's `tools` paths: the catalog, a part's page, and the admins' add and delete. */
export const partsRoutes: RouteModule<PartsRouteDeps> = {
  name: 'parts',
  routes: [
    route({
      method: 'get',
      path: '/tools',
      operationId: 'listParts',
      tag: 'Parts',
      summary: 'The catalog',
      description:
        'Without parameters: every part, oldest first, as a plain array (the spec’s call). With any parameter: one page, ' +
        'filtered by category and search text, sorted (newest first by default). Public and cached briefly (ETag, 304).',
      access: 'public',
      query: partListQuerySchema,
      answers: {
        200: {
          description: 'Every part (no parameters), or one page of them.',
          schema: z.union([z.array(partSchema), partListSchema]),
          example: examples.partList,
        },
      },
      // The spec's plain call keeps its shape (an array, newest last); any parameter asks for a page.
      handle:
        ({ parts, catalogCache }) =>
        async ({ query }, req, res) => {
          await catalogCache.serve(req, res, () => (Object.keys(req.query).length === 0 ? parts.list() : parts.search(query)));
          return SENT;
        },
    }),
    // Public, like the list: a part's page is for visitors too (the spec's bearer is accepted, never
    // read, so the answer is the same for every caller and may be cached).
    route({
      method: 'get',
      path: '/tools/{id}',
      operationId: 'getPart',
      tag: 'Parts',
      summary: 'One part',
      description: 'Public (the spec’s client sends a bearer token; it is accepted and not needed). Cached briefly (ETag, 304).',
      access: 'public',
      params: partParamsSchema,
      answers: { 200: { description: 'The part.', schema: partSchema, example: examples.part }, 404: NOT_FOUND },
      handle:
        ({ parts, catalogCache }) =>
        async ({ params }, req, res) => {
          await catalogCache.serve(req, res, () => parts.get(params.id));
          return SENT;
        },
    }),
    route({
      method: 'get',
      path: '/tools/{id}/price-history',
      operationId: 'getPriceHistory',
      tag: 'Parts',
      summary: 'A part’s price changes',
      description:
        'Every change of the part’s price (integer cents): the old and new price and when, newest first (the latest 500). ' +
        'Public: the part’s page draws its price chart from it. Which admin changed it is kept for the admin console, never answered here.',
      access: 'public',
      params: partParamsSchema,
      answers: {
        200: {
          description: 'The changes, newest first (empty when the price never changed).',
          schema: z.array(priceChangeSchema),
          example: [{ from: 32999, to: 29999, changedAt: '2026-11-24T13:35:19.000Z' }],
        },
        404: NOT_FOUND,
      },
      handle:
        ({ parts }) =>
        ({ params }) =>
          parts.priceHistory(params.id),
    }),
    route({
      method: 'post',
      path: '/tools',
      operationId: 'addPart',
      tag: 'Parts',
      summary: 'Add a part (Add a Product)',
      description: 'Price in integer cents; `img` is a URL that `POST /uploads` answered. Recorded on the Activity page.',
      access: 'admin',
      body: partBodySchema,
      answers: { 201: { description: 'The part is in the catalog.', schema: insertedIdAnswerSchema, example: examples.insertedId } },
      handle:
        ({ parts }) =>
        ({ body }, req) =>
          parts.add(accessClaims(req), body),
    }),
    route({
      method: 'get',
      path: '/tools.csv',
      operationId: 'exportParts',
      tag: 'Parts',
      summary: 'The catalog as CSV (Manage Products → Export)',
      description:
        `Every part, oldest first, with the columns ${PART_CSV_COLUMNS.join(', ')}: price in dollars (129.99), specs as JSON. ` +
        'The file POST /tools/import reads. Streamed from a database cursor. A cell that starts with =, +, -, @ is prefixed with ' +
        'an apostrophe (CSV injection); the import takes it off again.',
      access: 'admin',
      answers: { 200: { description: 'The CSV file (UTF-8, a header row first).', contentType: 'text/csv', schema: z.string() } },
      handle:
        ({ parts }) =>
        async (_input, _req, res) => {
          await sendCsv(res, 'products.csv', parts.catalogCsv());
          return SENT;
        },
    }),
    route({
      method: 'post',
      path: '/tools/bulk',
      operationId: 'bulkEditParts',
      tag: 'Parts',
      summary: 'Change several parts’ price or stock (Manage Products)',
      description:
        'Each change is PATCH /tools/{id}’s for one part: its `version` as loaded (a part saved by someone else since is refused), ' +
        'its new `price` and/or stock as `p_quantity: {from, to}`. The changes are made one by one: the answer lists the parts ' +
        'changed and names every part refused, with why. Each change is recorded on the Activity page.',
      access: 'admin',
      body: bulkPartEditBodySchema,
      answers: {
        200: {
          description: 'The parts changed, and those refused with the reason.',
          schema: bulkPartEditAnswerSchema,
          example: { updated: [examples.editedPart], refused: [] },
        },
      },
      handle:
        ({ parts }) =>
        ({ body }, req) =>
          parts.bulkEdit(accessClaims(req), body),
    }),
    route({
      method: 'post',
      path: '/tools/import',
      operationId: 'importParts',
      tag: 'Parts',
      summary: 'Import parts from a CSV file (Manage Products → Import)',
      description:
        `A CSV body (Content-Type: text/csv, at most ${PART_IMPORT_MAX_BYTES / 1024} KB) with a header of ${PART_CSV_COLUMNS.join(', ')} ` +
        '(name and category required; the others as needed): the columns GET /tools.csv writes. A row matches a part by name ' +
        '(any case) and category: it updates the cells filled in; otherwise it creates a part (every column but specs then ' +
        'required; img one of the shop’s uploads). Each row is answered with its action and every error with its row and column. ' +
        '`dryRun=true` changes nothing; `dryRun=false` applies the valid rows only, and the same file again changes nothing. ' +
        'Recorded on the Activity page.',
      access: 'admin',
      query: importQuerySchema,
      body: z.string().meta({ description: 'The CSV text.' }),
      bodyMediaType: 'text/csv',
      rawBody: true,
      before: [readCsvBody],
      answers: {
        200: {
          description: 'Each row’s action and errors, and the counts.',
          schema: partImportAnswerSchema,
          example: {
            dryRun: true,
            created: 1,
            updated: 1,
            errors: 1,
            rows: [
              { row: 2, action: 'create', name: '2 TB NVMe PCIe 5.0 SSD', errors: [], changes: [] },
              { row: 3, action: 'update', name: '32 GB DDR5-6000 Kit (2x16 GB)', errors: [], changes: ['price', 'p_quantity'] },
              { row: 4, action: 'error', name: 'Quiet Tower Cooler', errors: [{ row: 4, column: 'price', message: productAdminText.importPrice }], changes: [] },
            ],
          },
        },
        400: { description: 'The file cannot be read: broken quoting, no rows, too many rows, or an unknown or missing column.' },
        413: { description: 'The file is too large.' },
        415: { description: 'The body is not text/csv.' },
      },
      handle:
        ({ parts }) =>
        ({ query, body }, req) =>
          parts.importCsv(accessClaims(req), body as string, query.dryRun),
    }),
    route({
      method: 'patch',
      path: '/tools/{id}',
      operationId: 'editPart',
      tag: 'Parts',
      summary: 'Edit a part (Manage Products → Edit)',
      description:
        'Only the fields sent change. `version` is the part’s version as the admin loaded it: if another admin saved the part ' +
        'since, the answer is 409 and nothing changes. The stock is sent as `p_quantity: {from, to}` (the figure loaded and the ' +
        'one wanted): the api adds `to − from` to the current stock in the same atomic step, so units customers ordered ' +
        'meanwhile stay taken; a cut that would leave less than 0 is a 409 with `available`. `specs` must be the category’s ' +
        '(the category after the edit; 400 otherwise), `null` removes them, and a category change without specs drops the old ' +
        'ones; a new `img` must be one of the shop’s uploads. The catalog’s search and filters read the part as edited at once. ' +
        'Orders keep their own name and price. Recorded on the Activity page as field: old → new.',
      access: 'admin',
      params: partParamsSchema,
      body: partPatchBodySchema,
      answers: {
        200: { description: 'The part after the edit (its `version` one higher), or as it was when nothing differed.', schema: partSchema, example: examples.editedPart },
        404: NOT_FOUND,
        409: {
          description: 'The part changed since it was loaded (another admin saved it), or orders left too little stock for the cut.',
          schema: z.union([stockConflictSchema, apiErrorSchema]),
        },
      },
      handle:
        ({ parts }) =>
        ({ params, body }, req) =>
          parts.edit(accessClaims(req), params.id, body),
    }),
    route({
      method: 'post',
      path: '/tools/{id}/put-back',
      operationId: 'putBackPartEdit',
      tag: 'Parts',
      summary: 'Put back an edit Activity recorded (Activity → Put back)',
      description:
        'Undoes one `product.edited` entry of this part: the fields it changed go back to their values before it and its stock ' +
        'change is reversed (the same number of units, whatever orders took since), only while the part is still at the version ' +
        'that edit left it at (409 when someone changed it since, or when it was put back already). It is an edit itself, ' +
        'recorded on the Activity page; the entry is marked put back.',
      access: 'admin',
      params: partParamsSchema,
      body: putBackBody,
      answers: {
        200: { description: 'The part as it is now, its version one higher.', schema: partSchema, example: examples.editedPart },
        404: { description: 'No part has this id, or no product edit of it has this Activity id.' },
        409: { description: 'The part changed since this edit, the edit was put back already, or orders left too little stock to reverse a stock increase.' },
      },
      handle:
        ({ parts }) =>
        ({ params, body }, req) =>
          parts.putBack(accessClaims(req), params.id, ObjectId.createFromHexString(body.activityId)),
    }),
    route({
      method: 'delete',
      path: '/tools/{id}',
      operationId: 'deletePart',
      tag: 'Parts',
      summary: 'Delete a part (Manage Products)',
      access: 'admin',
      params: partParamsSchema,
      answers: {
        200: { description: 'The part is gone from the catalog.', schema: deletedCountAnswerSchema, example: { deletedCount: 1 } },
        404: NOT_FOUND,
      },
      handle:
        ({ parts }) =>
        ({ params }, req) =>
          parts.remove(accessClaims(req), params.id),
    }),
  ],
};
