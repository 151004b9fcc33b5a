import { z } from 'zod';

/** common/price-comparison.ts's PriceComparison as the API carries it (decision 0073). */
export const priceComparisonSchema = z.object({
  kind: z.enum(['at', 'below', 'above']),
  /** Whole percent from the original price (face value plus the original fee), never negative. */
  percent: z.number().int().min(0),
});
