import { type FormEvent, useCallback, useEffect, useState } from "react";
import { STAFF_ROLES, type StaffRole } from "../../../universal/staff/roles";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { useConfirmDialog } from "../account/confirm-dialog";
import { ChoiceField, CONSOLE_CONTROL } from "./choice-field";
import { type StaffMember, type StaffSelf, useConsoleApi } from "./console-api";

/** The staff list for owners: each member's role (changed in place), removal, and invitations by e-mail. */
export function StaffView({ self }: { self: StaffSelf }) {
  const t = useT("operator");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const { ask, dialog } = useConfirmDialog();
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [inviteNotice, setInviteNotice] = useState<SectionNotice>(null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("support");

  const run = useCallback(
    async (work: () => Promise<void>, report: (notice: SectionNotice) => void = setNotice) => {
      setBusy(true);
      report(null);
      try {
        await work();
      } catch (error) {
        report({ tone: "error", text: tf(apiErrorKey(error)) });
      } finally {
        setBusy(false);
      }
    },
    [tf],
  );

  useEffect(() => {
    void run(async () => setStaff(await api.staff()));
  }, [api, run]);

  const roleName = (value: StaffRole) => t(`roles.${value}`);

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async () => {
      await api.invite(email.trim(), role, locale);
      setInviteNotice({ tone: "success", text: t("staff.sent", { email: email.trim() }) });
      setEmail("");
    }, setInviteNotice);
  }

  const changeRole = (member: StaffMember, next: StaffRole) =>
    run(async () => {
      setStaff(await api.changeRole(member.user_id, next));
      setNotice({ tone: "success", text: t("staff.saved") });
    });

  async function remove(member: StaffMember) {
    const name = member.email ?? String(member.user_id);
    const yes = await ask({
      title: t("staff.removeTitle"),
      message: t("staff.removeConfirm", { email: name }),
      confirmLabel: t("staff.remove"),
    });
    if (!yes) return;
    await run(async () => {
      setStaff(await api.remove(member.user_id));
      setNotice({ tone: "success", text: t("staff.removed", { email: name }) });
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <AccountCard title={t("menu.staff")} busy={busy} notice={notice}>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("menu.staff")}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="p-2 text-start">
                  {t("staff.email")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("staff.role")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("staff.twoFactor")}
                </th>
                <th scope="col" className="p-2 text-start">
                  {t("staff.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => {
                const name = member.email ?? String(member.user_id);
                return (
                  <tr key={member.user_id} className="border-b border-slate-200">
                    <td className="p-2">
                      <bdi dir="ltr">{name}</bdi>
                    </td>
                    <td className="p-2">
                      <select
                        aria-label={t("staff.roleOf", { email: name })}
                        value={member.role}
                        onChange={(event) => void changeRole(member, event.target.value as StaffRole)}
                        className={CONSOLE_CONTROL}
                      >
                        {STAFF_ROLES.map((value) => (
                          <option key={value} value={value}>
                            {roleName(value)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="p-2">{member.two_factor ? t("staff.on") : t("staff.off")}</td>
                    <td className="p-2">
                      {member.user_id === self.user_id ? null : (
                        <button
                          type="button"
                          onClick={() => void remove(member)}
                          aria-label={t("staff.removeOf", { email: name })}
                          className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                        >
                          {t("staff.remove")}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </AccountCard>
      <AccountCard title={t("staff.inviteTitle")} busy={busy} notice={inviteNotice}>
        <p className="text-sm">{t("staff.inviteIntro")}</p>
        <form onSubmit={invite} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-64 flex-1 flex-col gap-1">
            <label htmlFor="invite-email" className="text-sm font-medium">
              {t("staff.inviteEmail")}
            </label>
            <input
              id="invite-email"
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              dir="ltr"
              className={CONSOLE_CONTROL}
            />
          </div>
          <ChoiceField
            id="invite-role"
            label={t("staff.role")}
            value={role}
            onChange={setRole}
            options={STAFF_ROLES.map((value) => ({ value, label: roleName(value) }))}
          />
          <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
            {t("staff.inviteSubmit")}
          </button>
        </form>
      </AccountCard>
      {dialog}
    </div>
  );
}
