import { buildAdviceInputSchema, buildCheckInputSchema, buildInputSchema, buildTexts, unknownQueryParameterError } from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { objectIdSchema } from '../../validation';

export const buildParamsSchema = z.object({ id: objectIdSchema('build id') });

/** GET /builds?mine=true&page=&limit=: builds are listed for their owner only. Strict. */
export const myBuildsQuerySchema = z.strictObject(
  { mine: z.literal('true', { error: buildTexts.mineRequired }), ...pagingFields },
  { error: unknownQueryParameterError(['mine', 'page', 'limit']) },
);

/** POST /builds and PUT /builds/{id}: contracts' schema (strict: an unknown slot or field is a 400). */
export const buildBodySchema = buildInputSchema;
/** POST /builds/check: the same, the name optional. */
export const buildCheckBodySchema = buildCheckInputSchema;
/** POST /builds/advise: contracts' schema (strict: budget, use, cpu, keep, storage). */
export const buildAdviceBodySchema = buildAdviceInputSchema;
