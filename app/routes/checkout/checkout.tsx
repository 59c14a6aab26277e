import { type FormEvent, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { emailIssue, verificationCodeIssue } from "../../../universal/validation/account-checks";
import { AccountFieldset } from "../../components/checkout/account-fieldset";
import { OrderAside } from "../../components/checkout/order-aside";
import { ProviderChoice, purchasePath, refusals, useWebProviders } from "../../components/checkout/provider-choice";
import { useCheckoutAccount } from "../../components/checkout/use-checkout-account";
import { useCoupon } from "../../components/checkout/use-coupon";
import { useSubmitFeedback } from "../../components/forms/use-submit-feedback";
import { AppInviteOffer } from "../../components/invites/invite-offer";
import { LoadingOverlay } from "../../components/loading-overlay";
import { PageIntro } from "../../components/page-intro";
import { NotForSale } from "../../components/pricing/not-for-sale";
import { PlanCards } from "../../components/pricing/plan-cards";
import { usePlans } from "../../components/pricing/use-plans";
import { useT } from "../../i18n/translator";
import { track } from "../../lib/analytics-gate";
import { attributionNow, frontId } from "../../lib/attribution-client";
import { captchaCall } from "../../lib/captcha-call";
import { isPurchaseBlocked } from "../../lib/geo";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/checkout";

export function loader(args: Route.LoaderArgs) {
  return {
    ...loadPage(args, "checkout", { namespaces: ["forms", "twofactor"] }),
    inviteReward: args.context.inviteReward,
  };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const t = useT("pricing");
  const { locale } = useLocale();
  const params = useParams();
  const [search] = useSearchParams();
  const call = useApi();
  const { data, failed: pricesFailed } = usePlans(search.get("currency") ?? undefined);
  const { providers, provider, setProvider } = useWebProviders();
  const account = useCheckoutAccount();
  const { signedIn, email, code, needCode } = account;
  const [planId, setPlanId] = useState<string>();
  const [touched, setTouched] = useState(false);
  // The code field appears after a submit: it is judged only once a code was submitted, so it is
  // never red before the buyer has typed anything.
  const [codeSubmitted, setCodeSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { formRef, submitted } = useSubmitFeedback(busy);
  const [error, setError] = useState<string>();
  const [secondFactorError, setSecondFactorError] = useState<string>();

  const plans = data?.plans ?? null;
  const chosen =
    plans?.find((plan) => plan.id === (planId ?? params.id)) ?? plans?.find((plan) => plan.is_default) ?? plans?.[0];
  const coupon = useCoupon(chosen, search.get("coupon") ?? "", data?.autoCoupon);
  const blocked = isPurchaseBlocked(data?.country);
  // A way to pay that does not take the plan's currency (or the buyer's country) cannot be chosen;
  // the first one that can stands in for it (decision 048).
  const refused = refusals(providers, { currency: chosen?.currency, country: data?.countryCode });
  const payable =
    provider && !refused.get(provider) ? provider : providers?.find((option) => !refused.get(option.code))?.code;
  const emailError = touched && !signedIn ? emailIssue(email) : undefined;

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    submitted();
    if (needCode) setCodeSubmitted(true);
    if (blocked || !chosen || !payable) return;
    // A typed code is priced first: the buyer pays only what the summary showed.
    if (coupon.unpriced) {
      if (!coupon.error && !coupon.checking) coupon.apply();
      return;
    }
    if (!signedIn && emailIssue(email)) return;
    const secondStep = account.secondFactor.pending?.token ? account.secondFactor.codeIssue() : undefined;
    setSecondFactorError(secondStep);
    if (secondStep) return;
    if (needCode && !account.secondFactor.pending?.token && verificationCodeIssue(code)) return;
    setBusy(true);
    setError(undefined);
    try {
      if (!(await account.ensureAccount())) return;
      track("begin_checkout", { plan_id: chosen.id, provider: payable, currency: chosen.currency });
      const start = {
        plan_id: chosen.id,
        currency: chosen.currency,
        coupon: coupon.quote?.code,
        client_info: {
          front_id: frontId(),
          language: locale,
          country: data?.country ?? "",
          attribution: attributionNow(),
          user_agent: navigator.userAgent.slice(0, 500),
        },
      };
      const path = purchasePath(payable);
      const answer = await captchaCall<{ value: { redirect_url: string } }>(call, "POST", path, start, "purchase");
      window.location.assign(answer.value.redirect_url);
    } catch (failure) {
      const couponRefusal = apiFieldErrors(failure).coupon;
      if (couponRefusal) coupon.refused(couponRefusal);
      else if (account.secondFactor.pending?.token) setSecondFactorError(apiErrorKey(failure));
      else setError(apiErrorKey(failure));
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
      <AppInviteOffer reward={loaderData.inviteReward} />
      <form
        ref={formRef}
        noValidate
        onSubmit={pay}
        aria-busy={busy}
        className="relative mx-auto grid max-w-5xl gap-8 px-4 py-10 lg:grid-cols-[2fr_1fr]"
      >
        <div className="flex flex-col gap-6">
          <fieldset>
            <legend className="mb-3 text-lg font-semibold">{t("checkout.plan")}</legend>
            {pricesFailed ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {t("loadFailed")}
              </p>
            ) : (
              <PlanCards plans={plans} selected={chosen?.id} onSelect={setPlanId} headingLevel={2} />
            )}
          </fieldset>
          <AccountFieldset
            signedIn={signedIn}
            email={email}
            onEmailChange={account.setEmail}
            emailError={emailError}
            needCode={needCode}
            code={code}
            onCodeChange={account.setCode}
            codeSubmitted={codeSubmitted}
            secondFactor={account.secondFactor}
            secondFactorError={secondFactorError}
            onSignedIn={account.finishSignIn}
          />
          <ProviderChoice
            providers={providers}
            provider={payable}
            onSelect={setProvider}
            currency={chosen?.currency}
            country={data?.countryCode}
          />
        </div>
        <OrderAside
          plan={chosen}
          coupon={coupon}
          blocked={blocked}
          error={error}
          busy={busy}
          canPay={!blocked && Boolean(chosen) && Boolean(payable)}
          needCode={needCode}
        />
        <LoadingOverlay busy={busy} />
      </form>
    </>
  );
}
