import { z } from 'zod';
import { objectIdSchema } from '../../validation';

export const toolParamsSchema = z.object({ id: objectIdSchema('tool id') });
