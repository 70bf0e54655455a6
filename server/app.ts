import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import pino from "pino";
import { importMaxBytes } from "../contract/guest-imports.js";
import type { Config } from "./config.js";
import { type DatabaseHandle, openDatabase } from "./db/connection.js";
import { registerAccountsRoutes } from "./modules/accounts/accounts.routes.js";
import { resolvePrincipal } from "./modules/accounts/api-keys.service.js";
import { registerFontsRoutes } from "./modules/accounts/fonts/fonts.routes.js";
import { requireAccountAccess } from "./modules/accounts/permissions.js";
import { userAccounts } from "./modules/accounts/user-accounts.js";
import { registerAuditRoutes } from "./modules/audit/audit.routes.js";
import { registerAuthRoutes } from "./modules/auth/auth.routes.js";
import { reservePlatformAdminAddresses } from "./modules/auth/platform-admins.js";
import { registerAutoMailsRoutes } from "./modules/campaigns/auto-mails/auto-mails.routes.js";
import { autoMailsJob, registrationConfirmationWrite } from "./modules/campaigns/auto-mails/auto-mails.sending.js";
import { anonymizeRecipientAddresses } from "./modules/campaigns/campaigns.retention.js";
import { registerCampaignsRoutes } from "./modules/campaigns/campaigns.routes.js";
import { registerErrorMailsRoutes } from "./modules/campaigns/error-mails/error-mails.routes.js";
import { registerMailHistoryRoutes } from "./modules/campaigns/mail-history/mail-history.routes.js";
import { registerCampaignRecipientsRoutes } from "./modules/campaigns/recipients/recipients.routes.js";
import { registerSendersRoutes } from "./modules/campaigns/senders/senders.routes.js";
import { closeCampaignTransport, sendBatchJob } from "./modules/campaigns/sending/campaign-batch.js";
import { campaignSweepJob } from "./modules/campaigns/sending/campaign-sweep.js";
import { registerCampaignStatisticsRoutes } from "./modules/campaigns/statistics/statistics.routes.js";
import { registerCampaignTrackingRoutes } from "./modules/campaigns/tracking/tracking.routes.js";
import { registerCheckinRoutes } from "./modules/checkin/checkin.routes.js";
import { registerCheckinScanRoutes } from "./modules/checkin/checkin-scans.routes.js";
import { registerCustomPagesRoutes } from "./modules/content/custom-pages.routes.js";
import { registerDocumentsRoutes } from "./modules/content/documents.routes.js";
import { registerPartnersRoutes } from "./modules/content/partners.routes.js";
import { registerPhotosRoutes } from "./modules/content/photos.routes.js";
import { registerProgramsRoutes } from "./modules/content/programs.routes.js";
import { deleteGuestsSharedFiles, moveSharedFiles } from "./modules/content/shared-files.retention.js";
import { registerSharedFilesRoutes } from "./modules/content/shared-files.routes.js";
import { registerSpeakersRoutes } from "./modules/content/speakers.routes.js";
import { ebadgeBatchJob, resumeInterruptedBatches } from "./modules/ebadges/ebadge-batches.js";
import { registerEbadgeRenderers } from "./modules/ebadges/ebadge-documents.js";
import { registerEbadgesRoutes } from "./modules/ebadges/ebadges.routes.js";
import { fontUsage } from "./modules/ebadges/font-usage.js";
import { accountEvents } from "./modules/events/account-events.js";
import { registerEventsRoutes } from "./modules/events/events.routes.js";
import { anonymizeFormAnswers } from "./modules/forms/forms.retention.js";
import { registerFormsRoutes } from "./modules/forms/forms.routes.js";
import { registerPublicFormRoutes } from "./modules/forms/submissions/submissions.routes.js";
import { registerDuplicatesRoutes } from "./modules/guests/duplicates/duplicates.routes.js";
import { registerGuestExportRoutes } from "./modules/guests/exports/exports.routes.js";
import { registerGuestsRoutes } from "./modules/guests/guests.routes.js";
import { guestImportJob, resumeInterruptedImports } from "./modules/guests/imports/imports.jobs.js";
import { registerImportsRoutes } from "./modules/guests/imports/imports.routes.js";
import { registerRecommendationsRoutes } from "./modules/guests/recommendations/recommendations.routes.js";
import { guestRetentionJob } from "./modules/guests/retention/retention.jobs.js";
import { registerImagesRoutes } from "./modules/images/images.routes.js";
import { findEventImage } from "./modules/images/images.service.js";
import { anonymizeGuestMessages } from "./modules/messages/messages.retention.js";
import { registerMessagesRoutes } from "./modules/messages/messages.routes.js";
import { eventDomainPath, requestHost, siteOfHost } from "./modules/public/public.domains.js";
import { linkPreview, pagePath, withLinkPreview } from "./modules/public/public.preview.js";
import { registerPublicRoutes } from "./modules/public/public.routes.js";
import { registerStatisticsRoutes } from "./modules/statistics/statistics.routes.js";
import { registerBillingRoutes } from "./modules/ticketing/billing/billing.routes.js";
import { registerCatalogueRoutes } from "./modules/ticketing/catalogue/catalogue.routes.js";
import { salesStopEventDeletion } from "./modules/ticketing/financial-records.js";
import { registerGuestTicketsRoutes } from "./modules/ticketing/guest-tickets.routes.js";
import { holdsTicket, moveGuestTicketing } from "./modules/ticketing/guest-tickets.service.js";
import { registerInvoicesRoutes } from "./modules/ticketing/invoices/invoices.routes.js";
import { registerDocumentRenderers } from "./modules/ticketing/invoices/invoices.service.js";
import { cartExpiryJob } from "./modules/ticketing/orders/orders.jobs.js";
import { registerOrdersRoutes } from "./modules/ticketing/orders/orders.routes.js";
import { registerShopRoutes } from "./modules/ticketing/orders/shop.routes.js";
import { registerAuthGuard } from "./platform/auth-guard.js";
import { registerCaptchaRoutes } from "./platform/captcha.js";
import type { AppContext } from "./platform/context.js";
import { registerDevMailbox } from "./platform/dev-mailbox.js";
import { refuseUndeclaredApiRoutes } from "./platform/endpoints.js";
import { errorBody, registerErrorHandling } from "./platform/errors.js";
import { localFileStore } from "./platform/file-store.js";
import { startJobRunner } from "./platform/jobs.js";
import { isLanguage } from "./platform/language.js";
import { liveUpdates } from "./platform/live-updates.js";
import { createMailer } from "./platform/mailer.js";
import { registerNulRefusal } from "./platform/nul-refusal.js";
import { openApiOptions } from "./platform/openapi.js";
import { registerPaymentSimulatorRoutes } from "./platform/payments/simulator.routes.js";

/** Opens the database, the job runner and the mailer: everything the modules share. */
export async function createContext(config: Config, database?: DatabaseHandle): Promise<AppContext> {
  const logger = pino({ level: config.logLevel });
  const handle = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const files = localFileStore(path.join(config.dataDir, "files"));
  const context = { config, database: handle, db: handle.db, logger, files } as AppContext;
  // Opens its connection at the first screen that follows a channel.
  context.live = liveUpdates(handle, logger);
  // What lower modules ask of higher ones (DESIGN.md §3), in place before any job or route runs.
  context.hooks = {
    accountAccess: requireAccountAccess,
    accountEvents,
    eventDeletionChecks: [salesStopEventDeletion],
    eventImage: findEventImage,
    fontUsage,
    guestAnonymizers: [
      anonymizeFormAnswers,
      anonymizeGuestMessages,
      anonymizeRecipientAddresses,
      deleteGuestsSharedFiles,
    ],
    guestFileMoves: [moveSharedFiles],
    guestFileReleases: [deleteGuestsSharedFiles],
    guestTickets: { held: holdsTicket, move: moveGuestTicketing },
    registrationConfirmation: registrationConfirmationWrite,
    userAccounts,
  };
  context.mailer = createMailer({
    db: handle.db,
    jobs: () => context.jobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
  });
  // Before any worker starts: the queued mails of a previous instance may carry orders' PDFs.
  registerDocumentRenderers(context);
  registerEbadgeRenderers(context);
  context.jobs = await startJobRunner({ sql: handle.sql, logger, pollSeconds: config.jobPollSeconds });
  await context.jobs.register(context.mailer.deliveryJob);
  await context.jobs.register(guestImportJob(context));
  // Reminders and thank-you mails, hourly.
  await context.jobs.register(autoMailsJob(context));
  await resumeInterruptedImports(context);
  // E-badge batches: a batch a stopped instance was drawing goes on from its last counted chunk.
  await context.jobs.register(ebadgeBatchJob(context));
  await resumeInterruptedBatches(context);
  await reservePlatformAdminAddresses(context);
  // Carts left past their reservation while no instance ran are released now rather than at the next minute.
  const cartExpiry = cartExpiryJob(context);
  await context.jobs.register(cartExpiry);
  await context.jobs.send(cartExpiry, {});
  // Campaign batches, and the sweep that starts scheduled campaigns and takes over a dead sender's batches at start.
  await context.jobs.register(sendBatchJob(context));
  const campaignSweep = campaignSweepJob(context);
  await context.jobs.register(campaignSweep);
  await context.jobs.send(campaignSweep, {});
  // Retention: the guests of events past their retention period are anonymized every night.
  await context.jobs.register(guestRetentionJob(context));
  // Mails left queued by a stopped instance leave now rather than at the next minute's sweep.
  await context.mailer.kick();
  if (context.mailer.usesOutbox) {
    logger.warn("SMTP_URL is not set: mails stay in the outbox, readable by anyone at /dev/mailbox");
  }
  return context;
}

export async function closeContext(context: AppContext): Promise<void> {
  await context.jobs.stop();
  closeCampaignTransport(context);
  await context.live.close();
  await context.database.close();
}

export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: context.logger as FastifyBaseLogger,
    // Only the proxies named by TRUST_PROXY may say who the client is: a made-up X-Forwarded-For changes nothing.
    trustProxy: context.config.trustedProxies.length > 0 ? context.config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
  });
  // The API reads JSON (and multipart uploads): a plain-text body is a type not accepted (415), not a malformed value.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, openApiOptions);
  registerErrorHandling(app);
  refuseUndeclaredApiRoutes(app);
  registerNulRefusal(app);
  registerAuthGuard(app, (secret) => resolvePrincipal(context.db, secret));
  // Uploads stream through this parser, not the JSON body limit; each route sets its own file size limit.
  await app.register(fastifyMultipart, { limits: { fileSize: importMaxBytes, files: 1 } });

  app.get("/api/health", async (_request, reply) => {
    try {
      await context.db.execute(sql`select 1`);
      return { status: "ok", database: "ok" };
    } catch (error) {
      context.logger.error({ err: error }, "health check failed");
      return reply.status(503).send({ status: "error", database: "unreachable" });
    }
  });
  app.get("/api/docs", async () => app.swagger());

  // Every feature registers its declared endpoints (contract/*.endpoints.ts) under /api/v1, or at the root for the legacy
  // routes of SPEC §7.
  registerAuthRoutes(app, context);
  registerAccountsRoutes(app, context);
  registerAuditRoutes(app, context);
  registerEventsRoutes(app, context);
  registerFormsRoutes(app, context);
  registerPublicFormRoutes(app, context);
  registerPublicRoutes(app, context);
  registerMessagesRoutes(app, context);
  registerCampaignStatisticsRoutes(app, context);
  registerCaptchaRoutes(app, context);
  registerGuestTicketsRoutes(app, context);
  registerCatalogueRoutes(app, context);
  registerBillingRoutes(app, context);
  registerOrdersRoutes(app, context);
  registerPaymentSimulatorRoutes(app, context);
  registerShopRoutes(app, context);
  registerInvoicesRoutes(app, context);
  registerGuestsRoutes(app, context);
  registerGuestExportRoutes(app, context);
  registerImportsRoutes(app, context);
  registerDuplicatesRoutes(app, context);
  registerRecommendationsRoutes(app, context);
  registerCampaignTrackingRoutes(app, context);
  registerAutoMailsRoutes(app, context);
  registerImagesRoutes(app, context);
  registerEbadgesRoutes(app, context);
  registerSpeakersRoutes(app, context);
  registerPartnersRoutes(app, context);
  registerCustomPagesRoutes(app, context);
  registerDocumentsRoutes(app, context);
  registerPhotosRoutes(app, context);
  registerSharedFilesRoutes(app, context);
  registerProgramsRoutes(app, context);
  registerCampaignRecipientsRoutes(app, context);
  registerCampaignsRoutes(app, context);
  registerSendersRoutes(app, context);
  registerErrorMailsRoutes(app, context);
  registerMailHistoryRoutes(app, context);
  registerCheckinRoutes(app, context);
  registerFontsRoutes(app, context);
  registerCheckinScanRoutes(app, context);
  registerStatisticsRoutes(app, context);
  if (context.mailer.usesOutbox) registerDevMailbox(app, context);
  await registerWebApp(app, context);
  return app;
}

/**
 * Serves the built SPA. Every page path answers index.html with `lang` set from the path and the account identifier
 * (SPEC §2: "read from a page attribute") when the host is an account's own domain, or an event's: there the page
 * also names the event (`data-event-slug`), whose pages the app then shows at the root.
 */
async function registerWebApp(app: FastifyInstance, context: AppContext) {
  const distDir = context.config.webDistDir;
  const indexFile = distDir && path.join(distDir, "index.html");
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  if (distDir && hasWeb) {
    const hashedAssets = path.join(distDir, "assets") + path.sep;
    // wildcard: files are looked up on each request, so a rebuild is served without a restart. A folder (the site's
    // root, "/") is a page, not a file: the static plugin would refuse it with 403.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      allowedPath: (pathName) => !pathName.endsWith("/"),
      // The build writes .br and .gz copies beside each asset (vite.config.ts): sent as they are, never compressed
      // per request.
      preCompressed: true,
      cacheControl: false,
      // A file under assets/ carries its content's hash in its name, so a browser may keep it for good; any other
      // file keeps its name across builds and is checked again at each use.
      setHeaders: (reply, filePath) => {
        reply.header(
          "cache-control",
          filePath.startsWith(hashedAssets) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const asked = pagePath(request.url);
    const isPage = request.method === "GET" && asked.kind !== "api" && !path.extname(request.url.split("?")[0] ?? "");
    if (!hasWeb || !isPage) return reply.status(404).send(errorBody(request.language, "NOT_FOUND"));
    const firstSegment = request.url.split("/")[1]?.split("?")[0];
    const site = await siteOfHost(context.db, requestHost(request));
    const page = site?.eventSlug ? pagePath(eventDomainPath(request.url, site.eventSlug)) : asked;
    // A public event page names its event for link previews, and reads English for a language other than fr/es. On
    // a domain of its own, an account shows its own events only.
    const origin = site ? `${request.protocol}://${request.host}` : context.config.publicUrl;
    const preview =
      page.kind === "event"
        ? await linkPreview(context.db, origin, request.url, page, request.language, site?.accountId)
        : null;
    // The app shows its not-found page there; the status tells browsers, crawlers and link checkers the same.
    const exists = page.kind === "app" || preview !== null;
    const lang = preview?.language ?? (isLanguage(firstSegment) ? firstSegment : request.language);
    // Read on each page load: it is tiny, and it must name the assets of the current build.
    const indexHtml = await readFile(indexFile, "utf8");
    // A slug is letters, digits and dashes: nothing to escape.
    const eventSlug = site?.eventSlug ? ` data-event-slug="${site.eventSlug}"` : "";
    const sentry = context.config.sentryDsn ? ` data-sentry-dsn="${context.config.sentryDsn}"` : "";
    const html = withLinkPreview(indexHtml, preview).replace(
      `<html lang="en"`,
      `<html lang="${lang}" data-account-id="${site?.accountId ?? ""}"${eventSlug}${sentry}`,
    );
    return reply
      .status(exists ? 200 : 404)
      .type("text/html")
      .header("cache-control", "no-cache")
      .send(html);
  });
}
