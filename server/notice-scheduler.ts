import type { Logger } from "pino";
import type { NoticeSettings } from "../core/billing/notice-due";
import { sendDueNotices } from "../core/billing/send-notices";
import type { Database } from "../db/client";
import { startBackgroundTask } from "./background-task";
import type { Config } from "./config";

/** The operator's notice settings, from the configuration. */
export function noticeSettings(config: Config): NoticeSettings {
  return {
    renewalDays: config.RENEWAL_NOTICE_DAYS,
    renewalMinMonths: config.RENEWAL_NOTICE_MIN_MONTHS,
    expiryDays: config.EXPIRY_NOTICE_DAYS,
  };
}

/**
 * Queues the customer notices that are due (renewal ahead, plan ending, renewal failed) on a
 * timer, and when woken (a processor's event may have made one due). Every process runs one; the
 * database makes each notice go out once (core/billing/send-notices.ts, decision 038).
 */
export function startNoticeScheduler(
  db: Database,
  config: Config,
  logger: Logger,
  options: { onMailQueued: () => void; now?: () => Date },
) {
  const settings = noticeSettings(config);
  const task = startBackgroundTask(
    "notice scheduler",
    async () => {
      const { queued } = await sendDueNotices({
        db,
        settings,
        now: options.now ?? (() => new Date()),
        siteOrigin: config.PUBLIC_ORIGIN ?? "",
      });
      if (queued.length > 0) {
        logger.info({ queued }, "subscription notices queued");
        options.onMailQueued();
      }
    },
    config.NOTICES_EVERY_MS,
    logger,
  );
  return task;
}
