import type { Logger } from "pino";
import { sendContactReport } from "../core/support/send-contact-report";
import type { ContactOutcome, ContactSubmission } from "../universal/support/contact-submission";
import type { AppDeps } from "./context";

/**
 * The one way a contact-us report is sent, for the API and for the page's form post (load
 * context `sendContactReport`): core's checks and storage, then the log line and the mail wake-up.
 */
export function contactReportSender(deps: AppDeps) {
  return async (report: ContactSubmission, clientAddress: string, logger: Logger): Promise<ContactOutcome> => {
    const outcome = await sendContactReport(
      { db: deps.database.db, captcha: deps.captcha, supportEmail: deps.config.SUPPORT_EMAIL },
      report,
      clientAddress,
    );
    if (outcome.status === "tooManyRequests") logger.warn({ limit: "contact" }, "rate limit reached");
    if (outcome.status === "sent") {
      deps.onMailQueued?.();
      logger.info(
        { event: "contact_report", reference: outcome.reference, topic: report.topic },
        "contact report stored",
      );
    }
    return outcome;
  };
}
