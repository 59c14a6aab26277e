import { redirect } from "react-router";
import { localizePath, splitLocale } from "../../../universal/i18n/locales";
import type { Route } from "./+types/payment-method";

/**
 * Where the failed-renewal mail leads: the processor's page to update the card, asked for now, so
 * the mail's link never goes stale. Signed out: sign in first, then back here. No page from the
 * processor (none running, or it refused): the account, where the subscription shows its state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const account = `${context.publicOrigin}${localizePath("/myaccount", locale)}`;
  if (!context.user || !context.paymentMethodUrl) {
    const back = `${url.pathname}${url.search}`;
    return redirect(`${localizePath("/login", locale)}?redirect=${encodeURIComponent(back)}`);
  }
  const named = Number(url.searchParams.get("subscription"));
  const subscriptionId = Number.isSafeInteger(named) && named > 0 ? named : null;
  const page = await context.paymentMethodUrl(subscriptionId, account);
  return redirect(page.ok ? page.url : `${account}#subscription`, { headers: { "Cache-Control": "no-store" } });
}
