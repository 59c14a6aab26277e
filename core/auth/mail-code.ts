import type { Database } from "../../db/client";
import { queueMail } from "../email/outbox";
import { verificationCodeMail } from "../email/templates";
import { issueVerificationCode, type Purpose } from "./verification";

/**
 * Issues a new code for an address and purpose and queues its e-mail in the address's language;
 * `onMailQueued` wakes the sender.
 */
export async function mailVerificationCode(
  deps: { db: Database; onMailQueued?: () => void },
  input: { email: string; purpose: Purpose; locale: string },
): Promise<void> {
  const { email, purpose, locale } = input;
  const code = await issueVerificationCode(deps.db, { email, purpose });
  await queueMail(deps.db, { to: email, ...verificationCodeMail({ locale, purpose, email, code }) });
  deps.onMailQueued?.();
}
