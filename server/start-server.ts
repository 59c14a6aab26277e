import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { Logger } from "pino";
import { deleteExpiredEvents } from "../core/analytics/retention";
import { disableDemoUser } from "../core/auth/demo-user";
import { deleteExpiredSecurityEvents } from "../core/auth/security-events";
import { deleteExpiredChallenges } from "../core/auth/two-factor/challenges";
import { hasPlansForSale } from "../core/billing/catalogue";
import { processPendingEvents } from "../core/billing/orders";
import { sandboxProcessor } from "../core/billing/providers/sandbox";
import { createCaptcha } from "../core/captcha/create-captcha";
import { surelyNoRuleRedirect } from "../core/config/route-rule-store";
import { seedDemoData } from "../core/demo/seed";
import { deleteExpiredObservations, recordObservation } from "../core/dns-leak/observations";
import { dnsLeakSecret } from "../core/dns-leak/secret";
import { sharedGeoDatabase } from "../core/geo/geo-database";
import { compileTrustProxy } from "../core/net/client-address";
import { replaceOrderAddressesWithCountries } from "../core/privacy/order-addresses";
import { deleteStaleRateLimits } from "../core/security/rate-limits";
import { sharedSecret } from "../core/security/shared-secret";
import { deleteOldPeerChanges } from "../core/wireguard/operator-feed";
import { revokeLapsedPeers } from "../core/wireguard/peers";
import { openDatabase } from "../db/client";
import { createApp } from "./app";
import { startBackgroundTask } from "./background-task";
import { captchaChoice } from "./captcha-choice";
import { type Config, shutdownDrainMs } from "./config";
import type { AppDeps } from "./context";
import { startDnsLeakServer } from "./dns-leak-server";
import { httpDrain } from "./http-drain";
import { startInviteScheduler } from "./invite-scheduler";
import { startMailSender } from "./mail-sender";
import { startNoticeScheduler } from "./notice-scheduler";
import { startSandboxDeliveries } from "./sandbox-deliveries";
import { staticPageStore } from "./static-files";
import { staticPageFastPath } from "./static-pages/fast-path";
import { startStunServer } from "./stun-server";

export interface RunningServer {
  port: number;
  /** Logs "listening": call it once signal handlers are in place (tests wait for this line). */
  announce(): void;
  /**
   * Fails readiness and answers on with `Connection: close` for the drain, then stops listening,
   * lets requests in flight finish (all within SHUTDOWN_TIMEOUT_MS of the call), closes the database.
   */
  shutdown(reason: string): Promise<void>;
}

/** Opens the database, migrates, seeds, and serves the built app. Used by main.ts and by tests. */
export async function startServer(options: {
  config: Config;
  logger: Logger;
  pageHandler?: AppDeps["pageHandler"];
  clientDir?: string;
  /** The processors, when not built from the config (an e2e server whose SDKs talk to local fakes). */
  payments?: AppDeps["payments"];
}): Promise<RunningServer> {
  const { config, logger } = options;
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          databaseUrl: config.DATABASE_URL,
          onIdleClientError: (error) =>
            logger.warn({ err: error }, "idle database connection lost; it will be replaced"),
        }
      : { dataDir: path.resolve(config.DATA_DIR) },
  );
  await database.migrate();
  // The demo catalogue (invented prices and savings) and the demo user never reach production:
  // there the operator adds the plans (decision 025).
  if (config.NODE_ENV !== "production" && (await seedDemoData(database.db, { withDemoUser: true }))) {
    logger.info("demo data seeded into the empty database");
  }
  if (!(await hasPlansForSale(database.db))) {
    logger.warn(
      "nothing is for sale yet: the catalogue has no visible plan with a price, so the pricing page says so. Add one with `npm run catalogue -- add-plan --id 1-month --months 1 --devices 5` and `npm run catalogue -- set-price --plan 1-month --currency USD --list 9.99 --sale 9.99` (README: Make it yours)",
    );
  }
  if (config.NODE_ENV === "production") {
    // A database brought over from development must not keep a user whose password is public.
    const demo = await disableDemoUser(database.db);
    if (demo) {
      logger.error(
        { userId: demo.userId, passwordRemoved: demo.passwordRemoved, sessionsRevoked: demo.sessionsRevoked },
        `the demo user ${demo.email} is in this production database: it is disabled (no password, no sessions); delete it if it is not needed`,
      );
    }
  }

  let shuttingDown = false;
  const mail = startMailSender(database.db, config, logger);
  // Renewal, expiry and failed-renewal notices: at start, on a timer, and after each payment event.
  const notices = startNoticeScheduler(database.db, config, logger, { onMailQueued: mail.wake });
  notices.wake();
  // Invite rewards (decision 047): recorded, made final and taken back at start, on a timer and after each payment event.
  const invites = startInviteScheduler(database.db, config, logger);
  invites.wake();
  // The sandbox and its webhook deliveries exist only in PAYMENT_MODE=sandbox (never in production).
  const sandbox =
    config.PAYMENT_MODE === "sandbox"
      ? sandboxProcessor(database.db, {
          secret: config.SANDBOX_WEBHOOK_SECRET ?? (await sharedSecret(database.db, "sandbox_webhook_secret")),
          origin: config.PUBLIC_ORIGIN ?? "",
        })
      : undefined;
  // Events stored before a crash but never applied are applied now.
  const recovered = await processPendingEvents(database.db);
  if (recovered > 0) logger.warn({ recovered }, "applied payment events left unprocessed");
  const staticPages = options.clientDir ? staticPageStore(options.clientDir, config.PUBLIC_ORIGIN) : undefined;
  const app = createApp({
    config,
    logger,
    database,
    staticPages,
    captcha: createCaptcha(captchaChoice(config), database.db),
    sandbox,
    onSandboxEvent: () => deliveries?.wake(),
    onMailQueued: mail.wake,
    onPaymentEvent: () => {
      notices.wake();
      invites.wake();
    },
    clientDir: options.clientDir,
    pageHandler: options.pageHandler,
    payments: options.payments,
    isShuttingDown: () => shuttingDown,
  });

  // Prerendered pages the app has answered once go straight out of node:http (decision 031).
  const fastPath =
    staticPages && config.PUBLIC_ORIGIN
      ? staticPageFastPath({
          store: staticPages,
          origin: config.PUBLIC_ORIGIN,
          trust: compileTrustProxy(config.TRUST_PROXY),
          logger,
          logAddresses: config.LOG_IP_ADDRESSES,
          surelyNoRule: (pathname) => surelyNoRuleRedirect(database.db, pathname),
          isShuttingDown: () => shuttingDown,
        })
      : undefined;
  // serve() of @hono/node-server, with the fast path in front of Hono's request listener.
  const appListener = getRequestListener(fastPath ? fastPath.learning(app.fetch) : app.fetch, {
    hostname: config.HOST,
  });
  const server = createServer(fastPath ? fastPath.inFrontOf(appListener) : appListener);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  // Longer than the usual load balancer idle timeout (60 s), so the balancer closes idle
  // connections first and never sends a request into a socket this process is closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const drain = httpDrain(server);
  const port = (server.address() as AddressInfo).port;
  // Load the geo databases now (about a second, off the event loop's critical path) rather than
  // on the first visitor's request.
  // Then orders from before decision 041 trade their buyer's address for its country (idempotent).
  void sharedGeoDatabase()
    .then(async (geo) => {
      const moved = await replaceOrderAddressesWithCountries(database.db, (ip) => geo.lookup(ip)?.countryCode);
      if (moved > 0) logger.info({ orders: moved }, "order addresses replaced by their countries");
    })
    .catch((error: unknown) => logger.error({ err: error }, "geo database failed to load"));
  const deliveries = sandbox
    ? startSandboxDeliveries(sandbox, `http://127.0.0.1:${port}/api/webhooks/sandbox`, logger)
    : undefined;
  // Old analytics days: deleted at start, then every 6 hours (each process; deleting is idempotent).
  const retention = startBackgroundTask(
    "analytics retention",
    async () => {
      const deleted = await deleteExpiredEvents(database.db, config.ANALYTICS_RETENTION_DAYS);
      if (deleted > 0) logger.info({ deleted, days: config.ANALYTICS_RETENTION_DAYS }, "old analytics events deleted");
      // Rate-limit counters name addresses and accounts: none outlives its window by more than a day.
      await deleteStaleRateLimits(database.db);
      // The WireGuard change feed keeps WIREGUARD_CHANGES_DAYS (decision 044).
      await deleteOldPeerChanges(database.db, config.WIREGUARD_CHANGES_DAYS);
    },
    6 * 60 * 60 * 1000,
    logger,
  );
  retention.wake();
  // The security log keeps 90 days and sign-in steps five minutes: the same idempotent sweep,
  // every hour, in each process.
  const securityRetention = startBackgroundTask(
    "security log retention",
    async () => {
      const deleted = await deleteExpiredSecurityEvents(database.db);
      if (deleted > 0) logger.info({ deleted }, "old security log events deleted");
      const expiredSteps = await deleteExpiredChallenges(database.db);
      if (expiredSteps > 0) logger.info({ deleted: expiredSteps }, "expired sign-in steps deleted");
      const lapsedKeys = await revokeLapsedPeers(database.db);
      if (lapsedKeys > 0) logger.info({ revoked: lapsedKeys }, "WireGuard keys of lapsed plans revoked");
    },
    60 * 60 * 1000,
    logger,
  );
  securityRetention.wake();
  // The WebRTC leak test's STUN server. Not binding it (port taken, several workers on one
  // port) leaves the site up: the test then shows local candidates only.
  const stun =
    config.STUN_PORT > 0
      ? await startStunServer({
          port: config.STUN_PORT,
          host: config.STUN_HOST ?? config.HOST,
          logger,
          maxTotalPacketsPerSecond: config.STUN_MAX_REPLIES_PER_SECOND,
        }).catch((error: unknown) => {
          logger.error({ err: error, port: config.STUN_PORT }, "stun server could not start");
          return null;
        })
      : null;

  // The DNS leak test's authoritative server (decision 043), only with DNS_LEAK_ZONE. Like the STUN
  // server, one that cannot bind leaves the site up: the test then sees no resolver.
  const dnsLeakZone = config.DNS_LEAK_ZONE;
  const dnsLeak = dnsLeakZone
    ? await startDnsLeakServer({
        port: config.DNS_LEAK_PORT,
        host: config.DNS_LEAK_HOST ?? config.HOST,
        zone: dnsLeakZone,
        addresses: config.DNS_LEAK_ADDRESS,
        secret: await dnsLeakSecret(database.db)(),
        record: (observation) => recordObservation(database.db, observation),
        logger,
      }).catch((error: unknown) => {
        logger.error({ err: error, port: config.DNS_LEAK_PORT }, "dns leak server could not start");
        return null;
      })
    : null;
  // Observations are read for 10 minutes: each process sweeps older ones every minute.
  const dnsLeakRetention = dnsLeakZone
    ? startBackgroundTask(
        "dns leak observations retention",
        async () => {
          await deleteExpiredObservations(database.db);
        },
        60 * 1000,
        logger,
      )
    : null;
  dnsLeakRetention?.wake();

  return {
    port,
    announce: () =>
      logger.info({ port, host: config.HOST, database: database.kind, payments: config.PAYMENT_MODE }, "listening"),
    async shutdown(reason) {
      if (shuttingDown) return;
      const drainMs = shutdownDrainMs(config);
      // Readiness answers 503 from here on; every answer still to be written says Connection: close.
      shuttingDown = true;
      drain.start();
      logger.info({ reason, drainMs }, "shutting down: readiness fails, answering with Connection: close");
      const timeout = setTimeout(() => {
        logger.warn("shutdown timeout: closing remaining connections");
        server.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      // The load balancer needs a health check or two to stop sending: until then, answer.
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      logger.info("drain over: no new connections, finishing requests in flight");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open: close each one as soon as it is idle. A
      // busy one closes itself after its answer (Connection: close); this sweep catches a streamed
      // answer whose headers went out before the drain began.
      server.closeIdleConnections();
      const sweeper = setInterval(() => server.closeIdleConnections(), 50);
      await closed;
      clearInterval(sweeper);
      clearTimeout(timeout);
      await notices.stop();
      await invites.stop();
      await mail.stop();
      await deliveries?.stop();
      await retention.stop();
      await securityRetention.stop();
      await stun?.close();
      await dnsLeak?.close();
      await dnsLeakRetention?.stop();
      await database.close();
      logger.info("stopped");
    },
  };
}
