import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { FormCard } from "../../components/forms/form-card";
import { FormSuccess } from "../../components/forms/form-success";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { apiErrorKey, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { clearUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/email-undo";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "emailundo", { namespaces: ["forms"] });
}

/**
 * The old address's link after an e-mail change: the token sits after `#` (never sent to a server
 * by the browser on its own); a click restores the address and signs every session out. Opening
 * the link changes nothing, so a mail scanner that follows links cannot use it up.
 */
export default function EmailUndoPage() {
  const t = useT("myaccount");
  const { to } = useLocale();
  const call = useApi();
  const [token, setToken] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [restored, setRestored] = useState<string>();

  useEffect(() => setToken(window.location.hash.slice(1)), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) {
      setError("api.40151");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call<{ email: string }>("POST", "/api/mms/account/v1/web/change_email/undo", { token });
      clearUserInfo();
      setRestored(answer.email);
    } catch (failure) {
      setError(apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  if (restored) {
    return (
      <>
        <PageIntro />
        <FormSuccess message={t("emailUndo.done", { email: restored })}>
          <Link
            to={to("/login")}
            className="rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-600"
          >
            {t("emailUndo.login")}
          </Link>
        </FormSuccess>
      </>
    );
  }

  return (
    <>
      <PageIntro />
      <FormCard onSubmit={submit} busy={busy} error={error} submitLabel={t("emailUndo.submit")}>
        <p className="text-sm">{t("emailUndo.explain")}</p>
      </FormCard>
    </>
  );
}
