import { type FormEvent, useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { emailSchema, verificationCodeSchema } from "../../../universal/validation/account-rules";
import { CheckoutSummaryLines } from "../../components/checkout/checkout-summary";
import { CodeField } from "../../components/forms/code-field";
import { EmailField } from "../../components/forms/field";
import { useSubmitFeedback } from "../../components/forms/use-submit-feedback";
import { PageIntro } from "../../components/page-intro";
import { NotForSale } from "../../components/pricing/not-for-sale";
import { PlanCards } from "../../components/pricing/plan-cards";
import { usePlans } from "../../components/pricing/use-plans";
import { useT } from "../../i18n/translator";
import { track } from "../../lib/analytics-client";
import { ApiError } from "../../lib/api";
import { attributionNow, frontId } from "../../lib/attribution-client";
import { captchaToken } from "../../lib/captcha";
import { isPurchaseBlocked } from "../../lib/geo";
import { apiErrorKey, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { readUserInfo, saveUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/checkout";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "checkout", { namespaces: ["forms"] });
}

type Provider = { code: string; methods: string[]; web_purchase: boolean };
type UserAnswer = {
  user_id: number;
  email: string;
  is_password_set: boolean;
  vip: { is_vip: boolean; remain_time: number };
};
const P = "/api/mms/payment/v1/providers";

/** Which call starts a purchase with each provider code (SPEC §7). */
function purchasePath(code: string): string {
  if (code === "s1") return `${P}/s1/create_subscription`;
  if (code === "pd") return `${P}/common/pd/prepurchase`;
  return `${P}/${code}/purchase`;
}

export default function CheckoutPage() {
  const t = useT("pricing");
  const tf = useT("forms");
  const { locale } = useLocale();
  const params = useParams();
  const [search] = useSearchParams();
  const call = useApi();
  const { data } = usePlans(search.get("currency") ?? undefined);
  const [planId, setPlanId] = useState<string>();
  const [providers, setProviders] = useState<Provider[] | null>(null);
  const [provider, setProvider] = useState<string>();
  const [signedIn, setSignedIn] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [needCode, setNeedCode] = useState(false);
  const [touched, setTouched] = useState(false);
  // The code field appears after a submit: it is judged only once a code was submitted, so it is
  // never red before the buyer has typed anything.
  const [codeSubmitted, setCodeSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { formRef, submitted } = useSubmitFeedback(busy);
  const [error, setError] = useState<string>();

  useEffect(() => {
    setSignedIn(readUserInfo()?.name ?? null);
    call<{ providers: Provider[] }>("GET", `${P}/common/params`)
      .then((answer) => {
        // Only providers whose purchases start on the web (gap's start in the Android app).
        const offered = answer.providers.filter((option) => option.web_purchase);
        setProviders(offered);
        setProvider((current) => current ?? offered[0]?.code);
      })
      .catch(() => setProviders([]));
  }, [call]);

  const plans = data?.plans ?? null;
  const chosen =
    plans?.find((plan) => plan.id === (planId ?? params.id)) ?? plans?.find((plan) => plan.is_default) ?? plans?.[0];
  const blocked = isPurchaseBlocked(data?.country);
  const emailError = touched && !signedIn ? emailSchema.safeParse(email).error?.issues[0]?.message : undefined;

  async function ensureAccount(): Promise<boolean> {
    if (signedIn) return true;
    if (needCode) {
      const user = await call<UserAnswer>("POST", "/api/mms/account/v1/web/login", {
        email: email.trim(),
        code: code.trim(),
        recasign: await captchaToken("login"),
      });
      saveUserInfo(user);
      setSignedIn(user.email);
      return true;
    }
    try {
      const user = await call<UserAnswer>("POST", "/api/mms/account/v1/web/anonymous_signup", {
        email: email.trim(),
        recasign: await captchaToken("signup"),
        attribution: attributionNow(),
      });
      saveUserInfo(user);
      track("sign_up", { method: "checkout" });
      setSignedIn(user.email);
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.envelope.code === 40108) {
        setNeedCode(true);
        return false;
      }
      throw failure;
    }
  }

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    submitted();
    if (needCode) setCodeSubmitted(true);
    if (blocked || !chosen || !provider) return;
    if (!signedIn && !emailSchema.safeParse(email).success) return;
    if (needCode && !verificationCodeSchema.safeParse(code).success) return;
    setBusy(true);
    setError(undefined);
    try {
      if (!(await ensureAccount())) return;
      track("begin_checkout", { plan_id: chosen.id, provider, currency: chosen.currency });
      const answer = await call<{ value: { redirect_url: string } }>("POST", purchasePath(provider), {
        plan_id: chosen.id,
        currency: chosen.currency,
        recasign: provider === "s1" ? await captchaToken("purchase") : undefined,
        client_info: {
          front_id: frontId(),
          language: locale,
          country: data?.country ?? "",
          attribution: attributionNow(),
          user_agent: navigator.userAgent.slice(0, 500),
        },
      });
      window.location.assign(answer.value.redirect_url);
    } catch (failure) {
      setError(apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  // An empty catalogue: nothing to choose or pay for yet.
  if (plans?.length === 0) {
    return (
      <>
        <PageIntro />
        <section className="mx-auto max-w-3xl px-4 py-10">
          <NotForSale headingLevel={2} />
        </section>
      </>
    );
  }

  return (
    <>
      <PageIntro />
      <form
        ref={formRef}
        noValidate
        onSubmit={pay}
        aria-busy={busy}
        className="mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[2fr_1fr]"
      >
        <div className="flex flex-col gap-6">
          <fieldset>
            <legend className="mb-3 text-lg font-semibold">{t("checkout.plan")}</legend>
            <PlanCards plans={plans} selected={chosen?.id} onSelect={setPlanId} />
          </fieldset>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-lg font-semibold">{t("checkout.email")}</legend>
            {signedIn ? (
              <p>
                {/* First-strong isolates (U+2068…U+2069): the address reads left to right inside any sentence. */}
                {t("checkout.loggedInAs", { email: `\u2068${signedIn}\u2069` })}
              </p>
            ) : (
              <>
                <EmailField value={email} onChange={setEmail} error={emailError} hint={t("checkout.emailHint")} />
                {needCode ? (
                  <>
                    <p role="status">{t("checkout.codeSent")}</p>
                    <CodeField
                      label={t("checkout.code")}
                      value={code}
                      onChange={setCode}
                      error={
                        codeSubmitted && !verificationCodeSchema.safeParse(code).success ? "code.invalid" : undefined
                      }
                    />
                  </>
                ) : null}
              </>
            )}
          </fieldset>
          <fieldset>
            <legend className="mb-3 text-lg font-semibold">{t("checkout.method")}</legend>
            {providers && providers.length === 0 ? <p role="alert">{t("checkout.noProviders")}</p> : null}
            <div className="grid gap-2 sm:grid-cols-2">
              {(providers ?? []).map((option) => (
                <label
                  key={option.code}
                  className={`flex cursor-pointer flex-col rounded-lg border-2 p-3 ${provider === option.code ? "border-brand-700" : "border-slate-200"}`}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <input
                      type="radio"
                      name="provider"
                      value={option.code}
                      checked={provider === option.code}
                      onChange={() => setProvider(option.code)}
                    />
                    {t(`checkout.providers.${option.code}`)}
                  </span>
                  <span className="text-sm text-slate-600">
                    {option.methods.map((method) => t(`checkout.methods.${method}`)).join(" · ")}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <aside className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold">{t("checkout.summary")}</h2>
          {chosen ? <CheckoutSummaryLines plan={chosen} /> : null}
          {blocked ? (
            <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {t("checkout.china")}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {tf(error)}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy || blocked || !chosen || !provider}
            aria-disabled={blocked}
            className="mt-4 w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
          >
            {busy ? tf("sending") : needCode ? t("checkout.confirmCode") : t("checkout.pay")}
          </button>
          <p className="mt-3 text-xs text-slate-600">{t("moneyBack")}</p>
        </aside>
      </form>
    </>
  );
}
