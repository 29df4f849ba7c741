import { DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_OVERVIEW_DAYS, OVERVIEW_PERIODS, unknownQueryParameterError } from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';

const daysMessage = `days must be one of: ${OVERVIEW_PERIODS.join(', ')}`;

/** GET /admin/overview?days= (strict): 7, 30 or 90. */
export const overviewQuerySchema = z.strictObject(
  {
    days: z
      .enum(OVERVIEW_PERIODS.map(String) as ['7', '30', '90'], { error: daysMessage })
      .transform((days) => Number(days) as (typeof OVERVIEW_PERIODS)[number])
      .optional()
      .meta({ description: `The period in days, ending today (UTC): ${OVERVIEW_PERIODS.join(', ')}. Default ${DEFAULT_OVERVIEW_DAYS}.` }),
  },
  { error: unknownQueryParameterError(['days']) },
);

/** GET /admin/low-stock?threshold=&page=&limit= (strict). */
export const lowStockQuerySchema = z.strictObject(
  {
    threshold: z
      .string({ error: 'threshold must be a whole number from 0 to 10000' })
      .regex(/^\d{1,5}$/, 'threshold must be a whole number from 0 to 10000')
      .transform(Number)
      .pipe(z.number().int().max(10_000, 'threshold must be a whole number from 0 to 10000'))
      .optional()
      .meta({ description: `Listed at or below this stock. Default ${DEFAULT_LOW_STOCK_THRESHOLD}.` }),
    ...pagingFields,
  },
  { error: unknownQueryParameterError(['threshold', 'page', 'limit']) },
);
export type LowStockQuery = Omit<z.output<typeof lowStockQuerySchema>, 'threshold'> & { threshold: number };
