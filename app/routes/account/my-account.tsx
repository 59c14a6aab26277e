import { startTransition, useCallback, useEffect, useState } from "react";
import { type Profile, type SectionNotice, useAccountApi } from "../../components/account/account-api";
import { BillingDetailsSection } from "../../components/account/billing-details-section";
import { BoundIpSection } from "../../components/account/bound-ip-section";
import { DevicesSection } from "../../components/account/devices-section";
import { EmailSection } from "../../components/account/email-section";
import { InviteSection } from "../../components/account/invite-section";
import { PasswordSection } from "../../components/account/password-section";
import { PaymentsSection } from "../../components/account/payments-section";
import { PlanSwitchSection } from "../../components/account/plan-switch-section";
import { ProfileSection } from "../../components/account/profile-section";
import { RedeemSection } from "../../components/account/redeem-section";
import { RefundSection } from "../../components/account/refund-section";
import { SecurityLogSection } from "../../components/account/security-log-section";
import { SessionsSection } from "../../components/account/sessions-section";
import { SubscriptionSection } from "../../components/account/subscription-section";
import { VpnSetupSection } from "../../components/account/vpn-setup-section";
import { YourDataSection } from "../../components/account/your-data-section";
import { PageIntro } from "../../components/page-intro";
import { TwoFactorSection } from "../../components/two-factor/two-factor-section";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { useStagedMount } from "../../lib/use-staged-mount";
import { clearUserInfo, saveUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/my-account";

export function loader(args: Route.LoaderArgs) {
  // pricing: the payment methods are named as the checkout named them.
  return loadPage(args, "myaccount", { namespaces: ["forms", "pricing", "twofactor", "redeem"] });
}

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
  // The plan's cards first (the server renders those), then the billing cards, then security and devices.
  const stage = useStagedMount(3);

  return (
    <>
      <PageIntro />
      <div className="mx-auto -mt-8 mb-16 grid max-w-4xl gap-6 px-4 md:grid-cols-2">
        <ProfileSection profile={profile} notice={profileNotice} />
        <SubscriptionSection key={`subscription-${refunds}-${switches}`} />
        <PlanSwitchSection
          key={`plan-${refunds}`}
          onSwitched={() => {
            setSwitches((count) => count + 1);
            loadProfile();
          }}
        />
        <RefundSection
          onRefunded={() => {
            setRefunds((count) => count + 1);
            loadProfile();
          }}
        />
        {stage >= 1 ? (
          <>
            <RedeemSection
              onRedeemed={() => {
                setSwitches((count) => count + 1);
                loadProfile();
              }}
            />
            <PaymentsSection key={`payments-${refunds}-${switches}`} />
            <InviteSection key={`invite-${refunds}`} />
            <BillingDetailsSection />
            {/* A password needs an address to reset it: an account-number account adds one first (decision 042). */}
            {profile?.email ? (
              <PasswordSection
                profile={profile}
                onDone={(updated) => {
                  setProfile(updated);
                  saveUserInfo(updated);
                  securityChanged();
                }}
              />
            ) : null}
            {profile ? (
              <EmailSection
                profile={profile}
                onDone={(updated) => {
                  setProfile(updated);
                  saveUserInfo(updated);
                  securityChanged();
                }}
              />
            ) : null}
          </>
        ) : null}
        {stage >= 2 ? (
          <>
            <SessionsSection />
            <SecurityLogSection key={`security-${securityChanges}`} />
            {profile ? <TwoFactorSection profile={profile} /> : null}
            <BoundIpSection />
            <DevicesSection key={`devices-${refunds}-${switches}`} />
            {profile ? <VpnSetupSection key={`vpn-${refunds}-${switches}`} profile={profile} /> : null}
            {profile ? <YourDataSection profile={profile} /> : null}
          </>
        ) : (
          // The room the cards still to come will take: the footer stays below the fold, not shifted by them.
          <div aria-hidden="true" className="min-h-screen md:col-span-2" />
        )}
        <div className="md:col-span-2">
          <button
            type="button"
            className="min-h-11 rounded-lg border border-slate-400 px-5 py-2.5 font-semibold hover:bg-slate-50"
            onClick={async () => {
              try {
                await api.logout();
              } catch {
                // Logged out either way: the state below is cleared.
              }
              clearUserInfo();
              window.location.assign(to("/login"));
            }}
          >
            {t("logout")}
          </button>
        </div>
      </div>
    </>
  );
}
