import type { Logger } from "pino";
import type { InviteSettings } from "../core/invites/invite-rules";
import { rewardDelayDays } from "../core/invites/invite-rules";
import { settleInviteRewards } from "../core/invites/invites";
import type { Database } from "../db/client";
import { CLAIMS } from "../universal/claims/claims";
import { startBackgroundTask } from "./background-task";
import type { Config } from "./config";

/** The operator's invite settings (decision 047), from the configuration and the money-back promise. */
export function inviteSettings(config: Config, refundWindowDays: number | null = CLAIMS.moneyBackDays): InviteSettings {
  return {
    months: config.INVITE_REWARD_MONTHS,
    days: config.INVITE_REWARD_DAYS,
    capPerYear: config.INVITE_REWARDS_PER_YEAR,
    delayDays: rewardDelayDays(config.INVITE_REWARD_DELAY_DAYS, refundWindowDays),
  };
}

/**
 * Records, grants and takes back invite rewards on a timer and when woken (after a payment event).
 * Every process runs one; the database's row locks make each step happen once (core/invites/invites.ts).
 */
export function startInviteScheduler(db: Database, config: Config, logger: Logger, options: { now?: () => Date } = {}) {
  const settings = inviteSettings(config);
  return startBackgroundTask(
    "invite rewards",
    async () => {
      const outcome = await settleInviteRewards(db, settings, options.now?.() ?? new Date());
      if (outcome.recorded + outcome.granted + outcome.cancelled + outcome.revoked > 0) {
        logger.info({ event: "invite_rewards", ...outcome }, "invite rewards settled");
      }
    },
    config.INVITES_EVERY_MS,
    logger,
  );
}
