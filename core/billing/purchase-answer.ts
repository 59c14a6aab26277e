/** The four fields every purchase call answers about an order (SPEC §3: data.value). */
export interface PurchaseAnswer {
  web_url: string;
  redirect_url: string;
  status: string;
  success: boolean;
}

/** The provider whose purchases SPEC §4 describes: success means `active`, web_url copied to redirect_url. */
export const ACTIVE_MEANS_SUCCESS_PROVIDER = "s1";

/**
 * How an order reads in a provider's answer (decision 045). s1's card subscription follows
 * SPEC §4 to the letter: it counts as successful when its status is `active`, and its web_url is
 * always copied into redirect_url. The other providers (hosted checkouts of one payment) have their
 * own mapping: paid (`active`) is success as well, but redirect_url leads somewhere only while the
 * order still waits for its payment; once settled (paid, failed, canceled, refunded) their checkout
 * page is spent, so redirect_url is empty and the page decides where the buyer goes.
 */
export function purchaseAnswer(providerCode: string, order: { status: string; webUrl: string }): PurchaseAnswer {
  const success = order.status === "active";
  if (providerCode === ACTIVE_MEANS_SUCCESS_PROVIDER) {
    return { web_url: order.webUrl, redirect_url: order.webUrl, status: order.status, success };
  }
  return {
    web_url: order.webUrl,
    redirect_url: order.status === "pending" ? order.webUrl : "",
    status: order.status,
    success,
  };
}
