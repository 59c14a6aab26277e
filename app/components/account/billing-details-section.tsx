import { type FormEvent, useEffect, useId, useState } from "react";
import type { BillingDetails } from "../../../universal/billing/payment-record";
import {
  BILLING_ADDRESS_MAX,
  BILLING_NAME_MAX,
  checkBillingDetails,
} from "../../../universal/validation/billing-checks";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors } from "../../lib/use-api";
import { Field } from "../forms/field";
import { useSubmitFeedback } from "../forms/use-submit-feedback";
import { type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";

const EMPTY: BillingDetails = { name: "", address: "", vat_id: "" };
/** Field errors are `myaccount` keys; Field translates in `forms`, so they carry their namespace. */
const inMyAccount = (key: string | undefined) =>
  key ? (key.includes(":") || key.startsWith("api.") ? key : `myaccount:${key}`) : undefined;

/** The billing name, address and VAT ID printed on receipts: checked here and again by the server. */
export function BillingDetailsSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const api = useAccountApi();
  const addressId = useId();
  const [details, setDetails] = useState<BillingDetails>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const { formRef, submitted } = useSubmitFeedback(busy);

  useEffect(() => {
    api
      .billingDetails()
      .then(setDetails)
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }));
  }, [api, tf]);

  const value = details ?? EMPTY;
  const change = (field: keyof BillingDetails) => (next: string) => setDetails({ ...value, [field]: next });

  async function save(event: FormEvent) {
    event.preventDefault();
    submitted();
    setNotice(null);
    const checked = checkBillingDetails(value);
    if (Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setDetails(await api.saveBillingDetails(checked.value));
      setNotice({ tone: "success", text: t("billingDetails.saved") });
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  const addressError = inMyAccount(errors.address);
  return (
    <AccountCard title={t("billingDetails.title")} busy={busy || (!details && !notice)} notice={notice}>
      <p className="text-sm text-slate-700">{t("billingDetails.intro")}</p>
      <form ref={formRef} className="flex flex-col gap-3" onSubmit={save} noValidate>
        <Field
          label={t("billingDetails.name")}
          name="billing-name"
          autoComplete="billing name"
          maxLength={BILLING_NAME_MAX}
          value={value.name}
          onChange={(event) => change("name")(event.target.value)}
          error={inMyAccount(errors.name)}
        />
        <div className="flex flex-col gap-1" data-field>
          <label htmlFor={addressId} className="text-sm font-medium">
            {t("billingDetails.address")}
          </label>
          <textarea
            id={addressId}
            name="billing-address"
            autoComplete="billing street-address"
            rows={4}
            maxLength={BILLING_ADDRESS_MAX}
            value={value.address}
            onChange={(event) => change("address")(event.target.value)}
            aria-invalid={addressError ? true : undefined}
            aria-describedby={`${addressId}-hint${addressError ? ` ${addressId}-error` : ""}`}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base aria-[invalid]:border-red-700"
          />
          <p id={`${addressId}-hint`} className="text-sm text-slate-600">
            {t("billingDetails.addressHint")}
          </p>
          {addressError ? (
            <p id={`${addressId}-error`} className="text-sm text-red-700" role="alert" data-field-error>
              {tf(addressError)}
            </p>
          ) : null}
        </div>
        <Field
          label={t("billingDetails.vatId")}
          name="billing-vat-id"
          dir="ltr"
          autoCapitalize="characters"
          spellCheck={false}
          value={value.vat_id}
          onChange={(event) => change("vat_id")(event.target.value)}
          hint={t("billingDetails.vatHint")}
          error={inMyAccount(errors.vat_id)}
        />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          {t("billingDetails.save")}
        </button>
      </form>
    </AccountCard>
  );
}
