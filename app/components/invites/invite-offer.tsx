import { useEffect, useState } from "react";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { rewardText } from "./reward-text";

/**
 * The invited friend's offer (decision 047), one short line on /pricing and the checkout. In the
 * server's HTML it is hidden: on /pricing the prices island shows it, in the checkout this
 * component does, once the browser finds an invite remembered (attribution-client.ts `watchInvite`).
 */
export function InviteOffer({
  reward,
  show,
}: {
  reward: { months: number; days: number } | undefined;
  /** Decided in the browser: leave unset on document pages (the island decides). */
  show?: boolean;
}) {
  const t = useT("pricing");
  const { locale } = useLocale();
  const text = reward ? rewardText(reward, locale) : "";
  if (!text) return null;
  return (
    <p
      data-invite-offer=""
      hidden={!show}
      className="mx-auto mt-6 mb-4 max-w-2xl rounded-lg bg-green-50 px-4 py-2 text-center text-sm font-medium text-green-900"
    >
      {t("inviteOffer", { reward: text })}
    </p>
  );
}

/** In an app page (checkout): the offer shown once the browser has found an invite remembered. */
export function AppInviteOffer({ reward }: { reward: { months: number; days: number } | undefined }) {
  const [invited, setInvited] = useState(false);
  useEffect(() => {
    let stop = () => {};
    let left = false;
    void import("../../lib/attribution-client").then((attribution) => {
      if (!left) stop = attribution.watchInvite(setInvited);
    });
    return () => {
      left = true;
      stop();
    };
  }, []);
  return <InviteOffer reward={reward} show={invited} />;
}
