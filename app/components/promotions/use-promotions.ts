import { useEffect, useState } from "react";
import { activePromotion, type Promotion, type PromotionConfig } from "../../../universal/promotions/promotion-config";
import { WEB_APP_TYPE } from "../../lib/api";
import { loadRemoteConfig } from "../../lib/remote-config";
import { showsSaving } from "../pricing/shows-saving";

/** The promotion config once loaded in the browser; null before, and when it could not be loaded. */
export function usePromotionConfig(): PromotionConfig | null {
  const [config, setConfig] = useState<PromotionConfig | null>(null);
  useEffect(() => {
    let live = true;
    loadRemoteConfig()
      .then((loaded) => live && setConfig(loaded))
      .catch(() => {
        // No config, no promotions: the page is complete without them.
      });
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** The promotion active by the visitor's clock, if any. */
export function useActivePromotion(): Promotion | undefined {
  const config = usePromotionConfig();
  return config ? activePromotion(config, new Date()) : undefined;
}

/**
 * The real largest discount over the plans ("70%"), for {{discount}}: promotions never invent one.
 * Undefined when it could not be read or no plan is discounted: then no promotion shows.
 */
export async function fetchDiscount(): Promise<string | undefined> {
  try {
    const response = await fetch("/api/mms/payment/v1/providers/plans", { headers: { "X-App-Type": WEB_APP_TYPE } });
    const { data } = (await response.json()) as { data: { discount_percent: string } };
    return showsSaving(data.discount_percent) ? data.discount_percent : undefined;
  } catch {
    return undefined;
  }
}
