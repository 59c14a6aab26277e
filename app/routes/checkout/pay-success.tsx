import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { readUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/pay-success";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "paysuc");
}

export default function PaySuccessPage() {
  const t = useT("paysuc");
  const { to } = useLocale();
  const [needsPassword, setNeedsPassword] = useState(false);
  useEffect(() => setNeedsPassword(readUserInfo()?.password_set === false), []);
  return (
    <div className="w-full max-w-lg">
      <PageIntro />
      <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t("next")}</h2>
        <ol className="mt-3 list-decimal space-y-1 ps-6">
          <li>{t("step1")}</li>
          <li>{t("step2")}</li>
          <li>{t("step3")}</li>
        </ol>
        {needsPassword ? (
          <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm">
            {t("setPassword")}{" "}
            <Link to={to("/myaccount")} className="font-semibold text-brand-700 underline">
              {t("setPasswordLink")}
            </Link>
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={to("/download")}
            className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600"
          >
            {t("download")}
          </Link>
          <Link
            to={to("/myaccount")}
            className="rounded-lg border border-slate-400 px-5 py-2.5 font-semibold hover:bg-slate-50"
          >
            {t("account")}
          </Link>
        </div>
      </section>
    </div>
  );
}
