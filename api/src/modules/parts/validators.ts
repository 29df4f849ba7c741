import { catalogQuerySchema, partInputSchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { objectIdSchema } from '../../validation';

export const partParamsSchema = z.object({ id: objectIdSchema('part id') });

/** GET /tools?category=&q=&sort=&page=&limit= (strict: an unknown parameter is a 400). */
export const partListQuerySchema = catalogQuerySchema;

/** POST /tools (admin): the Add a Product form's schema from contracts; strict, price in cents. */
export const partBodySchema = partInputSchema;
