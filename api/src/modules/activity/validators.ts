import { unknownQueryParameterError } from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';

/** GET /activity?page=&limit= (strict: an unknown parameter is a 400). */
export const activityQuerySchema = z.strictObject(pagingFields, {
  error: unknownQueryParameterError(['page', 'limit']),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;
