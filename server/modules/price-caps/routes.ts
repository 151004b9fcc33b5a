import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToDollars } from '../../../common/money.js';
import {
  priceCapFixResultSchema,
  priceCapFixSchema,
  priceCapParamsSchema,
  priceCapSchema,
} from '../../../common/schemas/price-caps.js';
import { PRICE_CAP_TEXT } from '../../../common/texts/price-caps.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { fixPausedListing } from './pauses.js';
import { placeOfEvent, ruleInEffect } from './place.js';

export interface PriceCapRoutesOptions {
  db: Db;
  clock: Clock;
  emailLinkSecret: string;
  /** Told when a fixed listing is back on sale, so bids and price alerts may match it. */
  onBuyable(ticketId: number): Promise<void>;
}

const messageSchema = z.object({ message: z.string() });

/** Price caps by place (decision 0084): the cap of a show for the listing form, and the one-click fix. */
export async function priceCapRoutes(
  instance: FastifyInstance,
  options: PriceCapRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['price-caps'];

  // Public, as the show's page is: the rule of a place is no one's secret.
  app.get(
    '/api/events/:id/price-cap',
    {
      schema: {
        tags,
        params: priceCapParamsSchema,
        summary: 'The resale price cap in effect today for a show’s place, and the listing form’s statement',
        response: { 200: priceCapSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const place = await placeOfEvent(options.db, request.params.id);
      if (!place) throw new NotFound(PRICE_CAP_TEXT.eventNotFound);
      const rule = ruleInEffect(place, options.clock.now());
      return {
        eventId: request.params.id,
        country: place.country,
        region: place.region,
        rule: rule && {
          id: rule.id,
          maxPricePercent: rule.maxPricePercent,
          maxFeePercent: rule.maxFeePercent,
          sourceUrl: rule.sourceUrl,
          effectiveFrom: rule.effectiveFrom,
          note: rule.note,
        },
        statement: PRICE_CAP_TEXT.statement(rule),
      };
    },
  );

  // No sign-in needed (the e-mailed token names the pause and its seller); a signed-in other member is refused.
  app.post(
    '/api/price-caps/fix',
    {
      schema: {
        tags,
        body: priceCapFixSchema,
        summary: 'One-click fix of a listing the price-cap sweep paused: reprice to the cap, back on sale',
        response: {
          200: priceCapFixResultSchema,
          400: messageSchema,
          403: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => {
      const fixed = await fixPausedListing(
        options.db,
        options.emailLinkSecret,
        request.body.token,
        request.user?.id ?? null,
        options.clock.now(),
      );
      await options.onBuyable(fixed.ticketId);
      return {
        message: PRICE_CAP_TEXT.fixDone,
        ticketId: fixed.ticketId,
        markup: fixed.markup,
        listingPrice: centsToDollars(fixed.listingPriceCents),
      };
    },
  );
}
