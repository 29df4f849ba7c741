import { catalogQuerySchema, productInputSchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { objectIdSchema } from '../../validation';

export const toolParamsSchema = z.object({ id: objectIdSchema('tool id') });

/** GET /tools?category=&q=&sort=&page=&limit= (strict: an unknown parameter is a 400). */
export const toolListQuerySchema = catalogQuerySchema;

/** POST /tools (admin): the Add a Product form's schema from contracts; strict, price in cents. */
export const productBodySchema = productInputSchema;
