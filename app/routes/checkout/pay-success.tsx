import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { DOWNLOADS } from "../../../content/apps";
import type { PurchaseResult } from "../../../universal/billing/purchase-result";
import { localizePath } from "../../../universal/i18n/locales";
import { OrderDetails } from "../../components/checkout/order-details";
import { SetPasswordStep } from "../../components/checkout/set-password-step";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { purchaseResultPath } from "../../lib/purchase-result";
import { useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { readUserInfo, recordPayment } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/pay-success";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "paysuc", { namespaces: ["forms"] });
}

/** Whether any app has a store link yet (content/apps.ts): no download is promised before one does. */
const APPS_PUBLISHED = Object.values(DOWNLOADS).some((entry) => Boolean(entry.storeUrl));

const PRIMARY = "rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600";
const SECONDARY = "rounded-lg border border-slate-400 px-5 py-2.5 font-semibold hover:bg-slate-50";

export default function PaySuccessPage() {
  const t = useT("paysuc");
  const { to, locale } = useLocale();
  const [params] = useSearchParams();
  const call = useApi();
  const navigate = useNavigate();
  const orderId = params.get("order");
  const provider = params.get("provider") ?? "ps";
  const [order, setOrder] = useState<PurchaseResult | null>(null);
  const [failed, setFailed] = useState(false);
  const [email, setEmail] = useState<string>();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [emailVerified, setEmailVerified] = useState(false);
  const [passwordDone, setPasswordDone] = useState(false);

  useEffect(() => {
    const user = readUserInfo();
    setEmail(user?.name);
    setEmailVerified(user?.email_verified === true);
  }, []);

  useEffect(() => {
    if (!orderId) return setFailed(true);
    call<{ value: PurchaseResult }>("POST", purchaseResultPath(provider), { order_id: orderId })
      .then((answer) => {
        // Not paid (yet): the status page says where it stands, rather than a thank-you.
        if (!answer.value.success) {
          const query = `?order=${encodeURIComponent(orderId)}&provider=${encodeURIComponent(provider)}`;
          return navigate(localizePath(`/paystatus${query}`, locale), { replace: true });
        }
        setOrder(answer.value);
        // USERINFO's paysuc and setPassword (SPEC §3): the latter asks an anonymous buyer for a password.
        setNeedsPassword(recordPayment()?.setPassword === true);
      })
      .catch(() => setFailed(true));
  }, [call, orderId, provider, navigate, locale]);

  return (
    <>
      <PageIntro />
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
        <section
          aria-labelledby="order-heading"
          aria-busy={!order && !failed}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="order-heading" className="mb-3 text-lg font-semibold">
            {t("details")}
          </h2>
          {order ? <OrderDetails order={order} /> : null}
          {!order && !failed ? <p className="text-slate-600">{t("loading")}</p> : null}
          {failed ? <p role="alert">{t("loadFailed")}</p> : null}
          {order ? (
            <p className="mt-4 text-sm text-slate-700">
              {email ? (
                <>
                  {t("receipt")}{" "}
                  <bdi dir="ltr" className="inline-block max-w-full break-words font-semibold">
                    {email}
                  </bdi>
                </>
              ) : (
                t("receiptNoEmail")
              )}
            </p>
          ) : null}
        </section>

        {needsPassword && email && !passwordDone ? (
          <SetPasswordStep email={email} codeNeeded={!emailVerified} onDone={() => setPasswordDone(true)} />
        ) : null}
        {passwordDone ? (
          <p role="status" className="rounded-lg bg-green-50 p-4 font-semibold text-green-900">
            {t("password.done")}
          </p>
        ) : null}

        <section aria-labelledby="next-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="next-heading" className="text-lg font-semibold">
            {t("next")}
          </h2>
          {APPS_PUBLISHED ? (
            <ol className="mt-3 list-decimal space-y-1 ps-6">
              <li>{t("step1")}</li>
              <li>{t("step2")}</li>
              <li>{t("step3")}</li>
            </ol>
          ) : (
            <p className="mt-3 text-slate-700">{t("noApps")}</p>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            {APPS_PUBLISHED ? (
              <Link to={to("/download")} className={PRIMARY}>
                {t("download")}
              </Link>
            ) : null}
            <Link to={to("/myaccount")} className={APPS_PUBLISHED ? SECONDARY : PRIMARY}>
              {t("account")}
            </Link>
            {APPS_PUBLISHED ? null : (
              <Link to={to("/contact-us")} className={SECONDARY}>
                {t("contact")}
              </Link>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
