import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { sendDamageDeadlineReminders } from "~/domain/damages/deadline-reminders.server";
import { demoOnFirstRun } from "~/domain/demo/first-run.server";
import { guestDataRetention } from "~/domain/guests/retention-run.server";
import { foldPastSlots } from "~/domain/ledger/sales-summary.server";
import { sweepMoney } from "~/domain/ledger/sweep-money.server";
import { sendDueWhatsApp } from "~/domain/notifications/send-whatsapp.server";
import { forgetOldStatusUpdates } from "~/domain/notifications/whatsapp-statuses.server";
import { repairAsaasPixKeys, retryAsaasWebhooks } from "~/domain/payment-accounts/connect-asaas.server";
import { refreshDueTokens } from "~/domain/payment-accounts/refresh-tokens.server";
import { paymentsContext } from "~/domain/payments/payments-context.server";
import { reconcileAccounts } from "~/domain/payments/reconcile.server";
import { sweepCheckout } from "~/domain/payments/sweep-checkout.server";
import { warnUndeliveredGuestOrders } from "~/domain/restock/late-guest-orders.server";
import { notifyRestockRuns } from "~/domain/restock/run-reminders.server";
import { notifyDailySales } from "~/domain/sales/daily-sales-notice.server";
import { syncDueFeeds } from "~/domain/stays/sync-all.server";
import { notifyTodaysTurnovers } from "~/domain/stays/turnover-notices.server";
import { sendStockAlertDigests } from "~/domain/stock/stock-alerts.server";
import { authSecret } from "~/platform/auth-secret.server";
import { closeDatabase, database } from "~/platform/db/database.server";
import { env } from "~/platform/env.server";
import { type JobRunner, startJobRunner } from "~/platform/jobs/job-runner.server";
import { type Logger, logger } from "~/platform/log.server";
import { requestContext } from "~/platform/request-context";
import { assertKeyOpensStoredSecrets } from "~/platform/secrets/key-matches-database.server";
import { bodyRule } from "./body-limits";
import { cartApi } from "./cart-api";
import { clientIp } from "./client-ip";
import { firstRunBanner } from "./first-run-banner";
import { cartSummaryPage } from "./guest-templates/cart-summary-page";
import { templateRenderer } from "./guest-templates/render";
import { SHOP_PAGE_CACHE_MS, shopPageCache } from "./guest-templates/shop-page";
import { languageSwitch } from "./language-switch";
import { METRICS_PATH, metricsEndpoint, requestMetrics } from "./metrics-endpoint";
import { prerenderedPages } from "./prerendered-pages";
import { reactRouterHandler } from "./react-router-handler";
import { refuse } from "./refuse";
import { requestBody } from "./request-body";
import { soundRequestLine } from "./request-line";
import { requestLogging } from "./request-logging";
import { withPatternMatching } from "./route-matching";
import { routeNames } from "./route-names";
import { sameOriginOnly } from "./same-origin";
import { securityHeaders } from "./security-headers";
import { staticFiles } from "./static-files";

export type Booted = {
  app: express.Express;
  port: number;
  appUrl: string;
  log: Logger;
  /** Printed once the server listens, in development on the embedded database (ADR 0018); else null. */
  banner: string | null;
  /** Closes the database (and frees the PGlite folder); call after the HTTP server stopped. */
  shutdown(): Promise<void>;
};

/**
 * Everything that must hold before the first request: a valid environment, the database open (the
 * PGlite folder locked for this process) and migrated. Throws a StartupError otherwise.
 */
export async function boot(options: { devServer?: ViteDevServer } = {}): Promise<Booted> {
  const config = env();
  const log = logger();
  const handle = await database();
  // A refused start leaves the data folder unlocked.
  await assertKeyOpensStoredSecrets(handle.db).catch(async (err: unknown) => {
    await closeDatabase();
    throw err;
  });
  authSecret();
  // Development on the embedded database: an empty one gets the demo data before the first request.
  const banner = config.demoData ? firstRunBanner(config.appUrl, await demoOnFirstRun(handle.db)) : null;
  // In the background: the first start installs the queue's tables (seconds on PGlite), requests need not wait.
  const jobs: Promise<JobRunner | null> = startJobRunner(handle, backgroundJobs(log), log).catch((err) => {
    log.error({ err }, "background jobs did not start");
    return null;
  });

  const { devServer } = options;
  const app = express();
  app.disable("x-powered-by");
  // Behind a TLS-terminating proxy on a private network, X-Forwarded-Proto/Host make the request URL the
  // public one React Router compares with a form's Origin. A client on the internet cannot set them for us.
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  // The build's route patterns name requests in the log and in the metrics; the build is read once
  // requests are answered, after boot made it (below).
  const routes = routeNames(() => build);
  app.use(requestLogging(log, routes));
  // Metrics (ADR 0029), only with METRICS_TOKEN: every request timed and counted by route pattern.
  if (config.metricsToken) app.use(requestMetrics(routes));
  app.use(
    securityHeaders({
      dev: Boolean(devServer),
      https: config.secureCookies,
      // Mercado Pago's script (trusted through our nonce'd script, 'strict-dynamic') calls its API and
      // frames its secure card fields.
      paymentOrigins:
        config.payments.mercadoPago !== null
          ? ["https://*.mercadopago.com", "https://*.mercadolibre.com", "https://*.mlstatic.com"]
          : [],
      formOrigins: config.payments.mercadoPago ? [new URL(config.payments.mercadoPago.authUrl).origin] : [],
      challengeOrigins: config.payments.mercadoPago ? ["https:"] : [],
    }),
  );
  // Before any route runs: a method and address we can serve, a form from this site, a body that fits.
  app.use(soundRequestLine());
  app.use(sameOriginOnly(config.appUrl));
  app.use(requestBody(bodyRule));
  app.use(languageSwitch({ secureCookies: config.secureCookies }));
  if (devServer) {
    app.use(devServer.middlewares);
  } else {
    const client = fileURLToPath(new URL("../client", import.meta.url));
    app.use(compression());
    app.use("/assets", express.static(`${client}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(staticFiles(client));
    app.use(prerenderedPages(config.appUrl));
  }

  const loadContext = (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(requestContext, {
      requestId: res.locals.requestId,
      nonce: res.locals.nonce,
      log: res.locals.log,
      clientIp: clientIp(req, config.trustedIpHeader),
    });
    return context;
  };
  // In production the build is passed once: given a function, React Router rebuilds its route tables on
  // every request (a quarter of a request's time), which only dev needs to pick up edits.
  const build = devServer
    ? async () =>
        withPatternMatching(
          (await devServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
        )
    : withPatternMatching((await import("virtual:react-router/server-build")) as ServerBuild);
  if (config.metricsToken) app.get(METRICS_PATH, metricsEndpoint(config.metricsToken, handle));
  app.use(cartApi({ trustedIpHeader: config.trustedIpHeader }));
  if (typeof build !== "function") {
    // The guest pages that are templates filled per cart (ADR 0036, 0039); a mark's token is this process's.
    const slots = { token: randomBytes(18).toString("base64url") };
    const renderTemplate = templateRenderer({ build, loadContext, slots });
    app.use(shopPageCache({ renderTemplate, slots, ttlMs: SHOP_PAGE_CACHE_MS }));
    app.use(cartSummaryPage({ renderTemplate, slots }));
  }
  app.use(reactRouterHandler({ build, mode: devServer ? "development" : "production", loadContext }));
  app.use(lastResortErrorHandler);

  const shutdown = async () => {
    await (await jobs)?.stop();
    await closeDatabase();
  };
  return { app, port: config.port, appUrl: config.appUrl, log, banner, shutdown };
}

/** How often queued WhatsApp messages are looked for (a request that queues one also sends it at once). */
export const WHATSAPP_SEND_SECONDS = 5;

/** Stock alerts go out as a digest at most this often (not an email per sale). */
export const STOCK_ALERT_SECONDS = 15 * 60;

/**
 * Checkout's safety net (expiry, reconciliation, webhooks stored but left unapplied, payments' and
 * transfers' alike, receipts, refunds) every 10 s, and the money's (card receivables released on their
 * date, unanswered payouts) every 30 s: each once across instances.
 */
export const SWEEP_SECONDS = 10;

function backgroundJobs(log: Logger) {
  return [
    {
      name: "checkout-sweep",
      everySeconds: SWEEP_SECONDS,
      run: async () => sweepCheckout(await paymentsContext(log.child({ job: "checkout-sweep" }))),
    },
    {
      name: "money-sweep",
      everySeconds: 30,
      run: async () => sweepMoney(await paymentsContext(log.child({ job: "money-sweep" }))),
    },
    {
      name: "stock-alerts",
      everySeconds: STOCK_ALERT_SECONDS,
      run: async () => sendStockAlertDigests(await paymentsContext(log.child({ job: "stock-alerts" }))),
    },
    {
      // Mercado Pago's tokens last 180 days: renewed 60 days ahead. Asaas webhooks not registered yet, and
      // Pix keys not made yet (or accounts opened before keys were made): again.
      name: "payment-tokens",
      everySeconds: 60 * 60,
      run: async () => {
        const ctx = await paymentsContext(log.child({ job: "payment-tokens" }));
        return {
          renewed: await refreshDueTokens(ctx),
          webhooks: await retryAsaasWebhooks(ctx),
          pixKeys: await repairAsaasPixKeys(ctx),
        };
      },
    },
    {
      name: "payment-reconciliation",
      everySeconds: 24 * 60 * 60,
      run: async () => reconcileAccounts(await paymentsContext(log.child({ job: "payment-reconciliation" }))),
    },
    {
      // Each run picks the feeds not tried for 15 minutes (FEED_REFRESH_MINUTES).
      name: "calendar-sync",
      everySeconds: 5 * 60,
      run: async () => syncDueFeeds((await database()).db, log.child({ job: "calendar-sync" })),
    },
    {
      name: "damage-deadlines",
      everySeconds: 60 * 60,
      run: async () =>
        sendDamageDeadlineReminders(await paymentsContext(log.child({ job: "damage-deadlines" }))),
    },
    {
      // WhatsApp messages due (ADR 0054): sent once across instances, retried with backoff, their fallback
      // emails; without WhatsApp configured, whatever was queued goes by email.
      name: "whatsapp-send",
      everySeconds: WHATSAPP_SEND_SECONDS,
      run: async () => sendDueWhatsApp(await paymentsContext(log.child({ job: "whatsapp-send" }))),
    },
    {
      // Runs due today or late and the day's turnovers (from 07:00), yesterday's sales (from 08:00): once per
      // member each.
      name: "notices",
      everySeconds: 60 * 60,
      run: async () => {
        const ctx = await paymentsContext(log.child({ job: "notices" }));
        return {
          runs: await notifyRestockRuns(ctx),
          lateGuestOrders: await warnUndeliveredGuestOrders(ctx),
          turnovers: await notifyTodaysTurnovers(ctx),
          sales: await notifyDailySales(ctx),
          forgotten: await forgetOldStatusUpdates(ctx.db, ctx.now()),
        };
      },
    },
    {
      // The sales summary's slots of the days before yesterday, folded into one row per key (ADR 0050).
      name: "sales-summary-fold",
      everySeconds: 60 * 60,
      run: async () => ({ folded: await foldPastSlots((await database()).db, new Date()) }),
    },
    {
      // LGPD (issue 24): guest contact data of orders older than GUEST_DATA_RETENTION_MONTHS, daily.
      name: "guest-data-retention",
      everySeconds: 24 * 60 * 60,
      run: async () => guestDataRetention(log.child({ job: "guest-data-retention" })),
    },
  ];
}

const lastResortErrorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  // Express's own middleware (static files) marks a request it could not read with a 4xx.
  const status = Number(err?.status ?? err?.statusCode);
  if (status >= 400 && status < 500 && !res.headersSent) return refuse(res, status, "Pedido inválido.");
  res.locals.log?.error({ err }, "unhandled request error");
  if (res.headersSent) return res.end();
  res.status(500).type("text/plain").send("Erro interno. Tente novamente em instantes.");
};
