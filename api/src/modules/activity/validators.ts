import { ACTIVITY_KINDS, unknownQueryParameterError } from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';

/** GET /activity?kind=&actor=&page=&limit= (strict: an unknown parameter is a 400). actor: part of the admin's email. */
export const activityQuerySchema = z.strictObject(
  {
    kind: z.enum(ACTIVITY_KINDS, { error: `kind must be one of: ${ACTIVITY_KINDS.join(', ')}` }).optional(),
    actor: z.string({ error: 'actor must be text' }).trim().max(254, 'actor must be at most 254 characters').optional(),
    ...pagingFields,
  },
  { error: unknownQueryParameterError(['kind', 'actor', 'page', 'limit']) },
);
export type ActivityQuery = z.output<typeof activityQuerySchema>;
