/**
 * The `/api` surface of Lift3D as one Hono app: a tiny core (auth, errors) and one folder per feature
 * (generations/, payments/, users/, admin/, ...) with its routes and services. Dependencies come in as a typed object so tests build the app in-process.
 */
import { Hono } from 'hono';
import { adminAnalyticsRoutes } from './admin/analytics.routes.ts';
import { adminBackendRoutes } from './admin/backends.routes.ts';
import { adminCreditPackRoutes } from './admin/credit-packs.routes.ts';
import { adminGenerationRoutes } from './admin/generations.routes.ts';
import { adminSettingRoutes } from './admin/settings.routes.ts';
import { adminTransactionRoutes } from './admin/transactions.routes.ts';
import { adminUserRoutes } from './admin/users.routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { captureRoutes } from './captures/routes.ts';
import { configRoutes } from './config/routes.ts';
import { authenticate, sessionCheckFor } from './core/auth.ts';
import { corsMiddleware } from './core/cors.ts';
import type { AppDeps, AppEnv } from './core/deps.ts';
import { handleError } from './core/handle-error.ts';
import { requestLimits } from './core/request-limits.ts';
import { serverTiming } from './core/server-timing.ts';
import { formRoutes } from './forms/routes.ts';
import { directUploadRoutes } from './generations/direct-uploads.ts';
import { generationFileRoutes } from './generations/files.routes.ts';
import { freeGenerationRoutes } from './generations/free.routes.ts';
import { generationPhotoRoutes } from './generations/photos.routes.ts';
import { generationRoutes } from './generations/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { creditPackRoutes } from './payments/credit-packs.routes.ts';
import { demoPaymentRoutes } from './payments/demo.routes.ts';
import { paypalRoutes } from './payments/paypal.routes.ts';
import { previewRoutes } from './previews/routes.ts';
import { shareOwnerRoutes } from './share/owner.routes.ts';
import { sharePublicRoutes } from './share/public.routes.ts';
import { creditRoutes } from './users/credits.routes.ts';
import { userRoutes } from './users/routes.ts';
import { isV1Path } from './v1/paths.ts';
import { v1Routes } from './v1/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
  // First, so that its figure covers every other middleware.
  app.use('*', serverTiming());
  // Before authentication: preflights carry no token, and a refused token still needs CORS headers for
  // the SPA on another origin to read the 401.
  app.use('*', corsMiddleware({ allowedOrigins: deps.config.corsOrigins ?? [] }));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', requestLimits(deps.config.requestLimits));
  // Browser routes take session tokens; /api/v1 takes API keys only (v1/api-key-auth.ts), never a session.
  const browserAuth = authenticate(
    deps.verify,
    deps.sessionCheck === undefined ? sessionCheckFor(deps.db) : deps.sessionCheck,
    { inBand: deps.sessionCheck === undefined },
  );
  app.use('*', (c, next) => (isV1Path(c.req.path) ? next() : browserAuth(c, next)));
  // /api/v1 declares its own paths (/v1/…): its OpenAPI document is generated from them.
  app.route('/', v1Routes(deps));
  app.route('/', healthRoutes(deps));
  app.route('/config', configRoutes(deps));
  app.route('/analytics', analyticsRoutes(deps));
  app.route('/', formRoutes(deps));
  app.route('/api-keys', apiKeyRoutes(deps));
  app.route('/users', userRoutes(deps));
  app.route('/users', creditRoutes(deps));
  app.route('/uploads', directUploadRoutes(deps));
  app.route('/previews', previewRoutes(deps));
  app.route('/captures', captureRoutes(deps));
  app.route('/generations/free', freeGenerationRoutes(deps));
  app.route('/generations', generationRoutes(deps));
  app.route('/generations', generationFileRoutes(deps));
  app.route('/generations', generationPhotoRoutes(deps));
  app.route('/generations', shareOwnerRoutes(deps));
  app.route('/share', sharePublicRoutes(deps));
  app.route('/credit-packs', creditPackRoutes(deps));
  app.route('/paypal', paypalRoutes(deps));
  app.route('/demo', demoPaymentRoutes(deps));
  app.route('/webhooks', webhookRoutes(deps));
  app.route('/admin/users', adminUserRoutes(deps));
  app.route('/admin/analytics', adminAnalyticsRoutes(deps));
  app.route('/admin/backends', adminBackendRoutes(deps));
  app.route('/admin/credit-packs', adminCreditPackRoutes(deps));
  app.route('/admin/transactions', adminTransactionRoutes(deps));
  app.route('/admin/generations', adminGenerationRoutes(deps));
  app.route('/admin/settings', adminSettingRoutes(deps));
  app.notFound((c) => {
    const message = `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`;
    if (isV1Path(c.req.path)) return c.json({ error: { code: 'not_found', message } }, 404);
    return c.json({ error: message }, 404);
  });
  app.onError(handleError);
  return app;
}
