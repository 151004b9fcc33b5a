import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_SUCCESS_TEXT, RECOVERY_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import {
  emailRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resendLoginCodeRequestSchema,
  resetPasswordRequestSchema,
  resetTokenStatusSchema,
  tokenParamsSchema,
  verifyLoginRequestSchema,
  verifyLoginResponseSchema,
} from '../../../common/schemas/auth.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { Unauthorized } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { type RateLimitOptions, rateLimit } from '../../plugins/rate-limit.js';
import { createSession, endSession } from '../../plugins/session.js';
import { getCurrentUser } from '../users/service.js';
import {
  checkResetToken,
  login,
  type PendingLoginGrant,
  register,
  requestPasswordReset,
  requestUsernameRecovery,
  resendLoginCode,
  resetPassword,
  verifyEmail,
  verifyLogin,
} from './service.js';

export const TRUSTED_DEVICE_COOKIE = 'encore_trusted_device';
/** Binds a pending second factor to the client that entered the password; sent only to verify-login. */
export const PENDING_LOGIN_COOKIE = 'encore_pending_login';
const PENDING_LOGIN_PATH = '/api/verify-login';

export interface AuthRoutesOptions {
  db: Db;
  mailer: Mailer;
  config: Config;
  rateLimit: RateLimitOptions;
  clock: Clock;
}

export async function authRoutes(instance: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config } = options;
  const deps = {
    db,
    mailer: options.mailer,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    usernameQuarantineKey: config.emailLinkSecret,
    clock: options.clock,
  };
  const secureCookies = config.appUrl.startsWith('https://');
  const limit = (name: string) => rateLimit(db, name, options.rateLimit);

  function setPendingLoginCookie(reply: FastifyReply, grant: PendingLoginGrant) {
    reply.setCookie(PENDING_LOGIN_COOKIE, grant.token, {
      path: PENDING_LOGIN_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      expires: grant.expiresAt,
    });
  }

  async function signedInUser(userId: number) {
    const user = await getCurrentUser(db, userId);
    if (!user) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
    return user;
  }

  app.post(
    '/api/register',
    {
      preHandler: limit('register'),
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema } },
    },
    async (request, reply) => {
      const user = await register(deps, request.body);
      return reply.status(201).send({ message: AUTH_SUCCESS_TEXT.registered, user });
    },
  );

  app.post(
    '/api/login',
    {
      preHandler: limit('login'),
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await login(deps, request.body, request.cookies[TRUSTED_DEVICE_COOKIE]);
      if (outcome.kind === 'codeSent') {
        setPendingLoginCookie(reply, outcome.pendingLogin);
        return reply.send({
          requiresVerification: true,
          userId: outcome.userId,
          canTrustDevice: true,
          message: AUTH_SUCCESS_TEXT.codeSent,
        });
      }
      await createSession(db, reply, outcome.userId, {
        secureCookies,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      return reply.send({
        requiresVerification: false,
        message: AUTH_SUCCESS_TEXT.loginVerified,
        user: await signedInUser(outcome.userId),
      });
    },
  );

  app.post(
    '/api/verify-login',
    {
      preHandler: limit('verify-login'),
      schema: { body: verifyLoginRequestSchema, response: { 200: verifyLoginResponseSchema } },
    },
    async (request, reply) => {
      const { userId, trustedDevice } = await verifyLogin(
        deps,
        request.body,
        request.cookies[PENDING_LOGIN_COOKIE],
      );
      reply.clearCookie(PENDING_LOGIN_COOKIE, { path: PENDING_LOGIN_PATH });
      await createSession(db, reply, userId, {
        secureCookies,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      if (trustedDevice) {
        reply.setCookie(TRUSTED_DEVICE_COOKIE, trustedDevice.token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
          expires: trustedDevice.expiresAt,
        });
      }
      return reply.send({
        ok: true,
        message: AUTH_SUCCESS_TEXT.loginVerified,
        user: await signedInUser(userId),
      });
    },
  );

  app.post(
    '/api/verify-login/resend',
    {
      preHandler: limit('verify-login-resend'),
      schema: { body: resendLoginCodeRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await resendLoginCode(deps, request.body, request.cookies[PENDING_LOGIN_COOKIE]);
      return { message: AUTH_SUCCESS_TEXT.codeResent };
    },
  );

  app.post(
    '/api/logout',
    { schema: { body: logoutRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      // A late sign-out (decision 0103) leaves alone a session that another member has started since.
      const signedOut = request.body?.memberId;
      if (signedOut !== undefined && request.user && request.user.id !== signedOut)
        return reply.send({ message: AUTH_SUCCESS_TEXT.loggedOutAlready });
      await endSession(db, request, reply);
      return reply.send({ message: AUTH_SUCCESS_TEXT.loggedOut });
    },
  );

  app.get(
    '/api/verify-email/:token',
    { schema: { params: tokenParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => ({ message: await verifyEmail(deps, request.params.token) }),
  );

  app.post(
    '/api/request-password-reset',
    {
      preHandler: limit('request-password-reset'),
      schema: { body: emailRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email);
      return { message: RECOVERY_TEXT.forgotPasswordSent };
    },
  );

  app.post(
    '/api/request-username-recovery',
    {
      preHandler: limit('request-username-recovery'),
      schema: { body: emailRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await requestUsernameRecovery(deps, request.body.email);
      return { message: RECOVERY_TEXT.forgotUsernameSent };
    },
  );

  app.get(
    '/api/reset-password/:token',
    {
      preHandler: limit('reset-password-check'),
      schema: { params: tokenParamsSchema, response: { 200: resetTokenStatusSchema } },
    },
    async (request) => {
      await checkResetToken(db, request.params.token);
      return { valid: true as const };
    },
  );

  app.post(
    '/api/reset-password/:token',
    {
      preHandler: limit('reset-password'),
      schema: {
        params: tokenParamsSchema,
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(db, request.params.token, request.body.newPassword);
      return { message: RECOVERY_TEXT.resetSuccess };
    },
  );
}
