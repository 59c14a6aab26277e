import { lazy, Suspense, startTransition, useCallback, useEffect, useState } from "react";
import { type Profile, type SectionNotice, useAccountApi } from "../../components/account/account-api";
import { CardsToCome } from "../../components/account/cards-to-come";
import { PlanSwitchSection } from "../../components/account/plan-switch-section";
import { ProfileSection } from "../../components/account/profile-section";
import { RefundSection } from "../../components/account/refund-section";
import { SubscriptionSection } from "../../components/account/subscription-section";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { signOut } from "../../lib/api";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { useStagedMount } from "../../lib/use-staged-mount";
import { saveUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/my-account";

export function loader(args: Route.LoaderArgs) {
  // pricing: the payment methods are named as the checkout named them.
  return loadPage(args, "myaccount", { namespaces: ["forms", "pricing", "twofactor", "redeem"] });
}

// The cards below the plan's (billing, security, devices): their code loads after the page is up.
const MoreAccountCards = lazy(() => import("../../components/account/more-account-cards"));

/** The account page: each card loads, acts and reports on its own (its own live region). */
export default function MyAccountPage() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { to } = useLocale();
  const api = useAccountApi();
  const [profile, setProfile] = useState<Profile>();
  const [profileNotice, setProfileNotice] = useState<SectionNotice>(null);
  // A refund ends the plan: the cards it changes (profile's VIP, subscription, devices) load again.
  const [refunds, setRefunds] = useState(0);
  // A plan switch changes the subscription, the payments and the device limit: those cards reload.
  const [switches, setSwitches] = useState(0);
  // A change of password, e-mail or sessions is in the security log: it loads again.
  const [securityChanges, setSecurityChanges] = useState(0);
  const securityChanged = useCallback(() => setSecurityChanges((count) => count + 1), []);

  const loadProfile = useCallback(() => {
    api
      .profile()
      .then((answer) => {
        // A transition: the profile brings five cards in at once (password, e-mail, two-factor,
        // VPN setup, your data), a render that may yield to input rather than block in one piece.
        startTransition(() => setProfile(answer));
        saveUserInfo(answer);
      })
      .catch((error) => setProfileNotice({ tone: "error", text: tf(apiErrorKey(error)) }));
  }, [api, tf]);
  useEffect(loadProfile, [loadProfile]);
  // A plan switch or a voucher's time: the cards showing the plan and the profile load again.
  const planChanged = useCallback(() => {
    setSwitches((count) => count + 1);
    loadProfile();
  }, [loadProfile]);
  // The plan's cards first (the server renders those), then the billing cards, then security and
  // devices, each stage in a task of its own (decision 061).
  const stage = useStagedMount(3);

  return (
    <>
      {/* At the top, where it is from the first paint: the cards below mount in stages and grow as
          their answers arrive, and a button after them would move under the pointer. */}
      <PageIntro>
        <button
          type="button"
          className="mt-6 min-h-11 rounded-lg border border-slate-400 bg-white px-5 py-2.5 font-semibold hover:bg-slate-50"
          onClick={async () => {
            await signOut();
            window.location.assign(to("/login"));
          }}
        >
          {t("logout")}
        </button>
      </PageIntro>
      <div className="mx-auto -mt-8 mb-16 grid max-w-4xl gap-6 px-4 md:grid-cols-2">
        <ProfileSection profile={profile} notice={profileNotice} />
        <SubscriptionSection key={`subscription-${refunds}-${switches}`} />
        <PlanSwitchSection key={`plan-${refunds}`} onSwitched={planChanged} />
        <RefundSection
          onRefunded={() => {
            setRefunds((count) => count + 1);
            loadProfile();
          }}
        />
        {stage >= 1 ? (
          <Suspense fallback={<CardsToCome />}>
            <MoreAccountCards
              stage={stage}
              profile={profile}
              refunds={refunds}
              switches={switches}
              securityChanges={securityChanges}
              onPlanChanged={planChanged}
              onProfileChanged={(updated) => {
                setProfile(updated);
                saveUserInfo(updated);
                securityChanged();
              }}
            />
          </Suspense>
        ) : (
          <CardsToCome />
        )}
      </div>
    </>
  );
}
