import { bulkPartEditSchema, catalogQuerySchema, partImportQuerySchema, partInputSchema, partPatchSchema, putBackBodySchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { objectIdSchema } from '../../validation';

export const partParamsSchema = z.object({ id: objectIdSchema('part id') });

/** GET /tools?category=&q=&sort=&page=&limit= (strict: an unknown parameter is a 400). */
export const partListQuerySchema = catalogQuerySchema;

/** POST /tools (admin): the Add a Product form's schema from contracts; strict, price in cents. */
export const partBodySchema = partInputSchema;

/** PATCH /tools/:id (admin): the version loaded and the fields to change (the stock as {from, to}). Strict. */
export const partPatchBodySchema = partPatchSchema;

/** POST /tools/bulk (admin): several parts' price or stock, each over its own version. Strict. */
export const bulkPartEditBodySchema = bulkPartEditSchema;

/** POST /tools/import?dryRun=true|false (admin; strict). */
export const importQuerySchema = partImportQuerySchema;

/** POST /tools/{id}/put-back (admin): the Activity entry of the edit to put back. Strict. */
export const putBackBody = putBackBodySchema;
