import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  identityLinkResponseSchema,
  identityResponseSchema,
  sandboxOnboardingParamsSchema,
  sandboxOnboardingRedirectSchema,
  sandboxOnboardingResponseSchema,
  sandboxOnboardingSchema,
} from '../../../common/schemas/identity.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import {
  type IdentityDeps,
  identityOf,
  sandboxOnboarding,
  sandboxOnboardingDetails,
  startVerification,
} from './service.js';

export interface IdentityRoutesOptions extends IdentityDeps {
  /** Listings that went on sale when the seller was verified: bids and price alerts look at them. */
  onListingsLive(ticketIds: number[]): Promise<void>;
}

/** Verified sellers (issue 44 item 4, decision 0086): the seller's verification and the sandbox's onboarding page. */
export async function identityRoutes(
  instance: FastifyInstance,
  options: IdentityRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/identity',
    {
      onRequest: requireUser,
      schema: {
        tags: ['identity'],
        summary: "Where the signed-in member's identity verification stands",
        response: { 200: identityResponseSchema },
      },
    },
    async (request) => identityOf(options.db, currentUser(request).id),
  );

  app.post(
    '/api/identity/verification',
    {
      onRequest: requireUser,
      schema: {
        tags: ['identity'],
        summary:
          "A link to verify the seller's identity: Stripe Connect onboarding, or the sandbox's onboarding page",
        response: { 200: identityLinkResponseSchema },
      },
    },
    async (request) => startVerification(options, currentUser(request).id),
  );

  const sandbox = { tags: ['identity'], params: sandboxOnboardingParamsSchema };

  app.get(
    '/api/sandbox/onboarding/:accountId',
    {
      onRequest: requireUser,
      schema: {
        ...sandbox,
        summary: 'The sandbox onboarding page: the names it fills in (404 outside the sandbox)',
        response: { 200: sandboxOnboardingResponseSchema },
      },
    },
    async (request) => sandboxOnboardingDetails(options, currentUser(request).id, request.params.accountId),
  );

  app.post(
    '/api/sandbox/onboarding/:accountId',
    {
      onRequest: requireUser,
      schema: {
        ...sandbox,
        body: sandboxOnboardingSchema,
        summary: 'The sandbox onboarding page: confirm name, date of birth and address (verified) or decline',
        response: { 200: sandboxOnboardingRedirectSchema },
      },
    },
    async (request) => {
      const { live, ...answer } = await sandboxOnboarding(
        options,
        currentUser(request).id,
        request.params.accountId,
        request.body,
      );
      if (live.length > 0) await options.onListingsLive(live);
      return answer;
    },
  );
}
