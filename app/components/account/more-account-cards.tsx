import { TwoFactorSection } from "../two-factor/two-factor-section";
import type { Profile } from "./account-api";
import { BillingDetailsSection } from "./billing-details-section";
import { BoundIpSection } from "./bound-ip-section";
import { CardsToCome } from "./cards-to-come";
import { DevicesSection } from "./devices-section";
import { EmailSection } from "./email-section";
import { InviteSection } from "./invite-section";
import { PasswordSection } from "./password-section";
import { PaymentsSection } from "./payments-section";
import { RedeemSection } from "./redeem-section";
import { SecurityLogSection } from "./security-log-section";
import { SessionsSection } from "./sessions-section";
import { VpnSetupSection } from "./vpn-setup-section";
import { YourDataSection } from "./your-data-section";

/**
 * The account's cards after the plan's (decision 061): billing at stage 1, then security and
 * devices at stage 2. The counters key the cards an event changes, so those load again.
 */
export default function MoreAccountCards({
  stage,
  profile,
  refunds,
  switches,
  securityChanges,
  onPlanChanged,
  onProfileChanged,
}: {
  stage: number;
  profile: Profile | undefined;
  refunds: number;
  switches: number;
  securityChanges: number;
  /** A voucher's time added: the plan's cards and the profile load again. */
  onPlanChanged: () => void;
  /** The password or e-mail changed: the profile as the API answered, and the security log again. */
  onProfileChanged: (updated: Profile) => void;
}) {
  return (
    <>
      <RedeemSection onRedeemed={onPlanChanged} />
      <PaymentsSection key={`payments-${refunds}-${switches}`} />
      <InviteSection key={`invite-${refunds}`} />
      <BillingDetailsSection />
      {/* A password needs an address to reset it: an account-number account adds one first (decision 042). */}
      {profile?.email ? <PasswordSection profile={profile} onDone={onProfileChanged} /> : null}
      {profile ? <EmailSection profile={profile} onDone={onProfileChanged} /> : null}
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
        <CardsToCome />
      )}
    </>
  );
}
