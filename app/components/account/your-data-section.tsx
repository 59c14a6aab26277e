import { useState } from "react";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import type { Profile, SectionNotice } from "./account-api";
import { useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { DeleteAccountForm } from "./delete-account-form";

/**
 * The account's own data (decision 041): everything stored about it as a JSON file, and the
 * deletion of the account behind a second step that asks for the password or an e-mailed code.
 */
export function YourDataSection({ profile }: { profile: Profile }) {
  const t = useT("myaccount");
  const tf = useT("forms");
  const api = useAccountApi();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setBusy(true);
    setNotice(null);
    try {
      await api.downloadData();
      setNotice({ tone: "success", text: t("data.downloaded") });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard title={t("data.title")} busy={busy} notice={notice}>
      <p className="text-sm">{t("data.intro")}</p>
      <button
        type="button"
        onClick={download}
        disabled={busy}
        className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {t("data.download")}
      </button>
      <h3 className="mt-2 font-semibold">{t("data.deleteHeading")}</h3>
      <p className="text-sm">{t("data.deleteExplain")}</p>
      {deleting ? (
        <DeleteAccountForm profile={profile} onCancel={() => setDeleting(false)} />
      ) : (
        <button
          type="button"
          onClick={() => setDeleting(true)}
          className="min-h-11 self-start rounded-lg border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          {t("data.deleteStart")}
        </button>
      )}
    </AccountCard>
  );
}
