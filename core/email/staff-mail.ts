import { formatDateTime } from "../../universal/i18n/format";
import { DEFAULT_LOCALE, isLocale, type Locale, localeInfo } from "../../universal/i18n/locales";
import type { StaffRole } from "../../universal/staff/roles";
import { escapeHtml } from "../../universal/text/escape-html";
import { emailTexts, type MailContent, mailDocument, primaryButton } from "./templates";

const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(text)}</p>`;
const note = (text: string) => `<p style="margin:0 0 24px;font-size:14px;color:#475569">${escapeHtml(text)}</p>`;
const asLocale = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

/**
 * An owner's invitation to the operator console (decision 051), in the console's language. The
 * link carries the invitation's token, so the outbox keeps the mail without it once sent.
 */
export function staffInvitationMail(input: {
  locale: string;
  role: StaffRole;
  acceptUrl: string;
  expiresAt: Date;
}): MailContent {
  const locale = asLocale(input.locale);
  const t = emailTexts(locale);
  const { iso, dir } = localeInfo(locale);
  const subject = t("staffInvite.subject");
  const intro = t("staffInvite.intro", { role: t(`staffInvite.roles.${input.role}`) });
  const how = t("staffInvite.how");
  const until = t("staffInvite.expires", { date: `${formatDateTime(input.expiresAt, locale)} UTC` });
  const render = (url: string | null) => ({
    text: [
      intro,
      "",
      how,
      ...(url ? ["", url] : []),
      "",
      until,
      "",
      t("staffInvite.notExpected"),
      "",
      "--",
      t("footer"),
    ].join("\n"),
    html: mailDocument({ iso, dir, subject, footer: t("footer") }, [
      paragraph(intro),
      paragraph(how),
      ...(url ? [primaryButton(url, t("staffInvite.button"))] : []),
      paragraph(until),
      note(t("staffInvite.notExpected")),
    ]),
  });
  return { subject, ...render(input.acceptUrl), redacted: render(null) };
}
