import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { localeInfo } from "../../../universal/i18n/locales";
import { LoadingOverlay } from "../../components/loading-overlay";
import { PageIntro } from "../../components/page-intro";
import { IpDetails } from "../../components/tools/ip-details";
import { type IpLookupView, placeOf, toIpView } from "../../components/tools/ip-view";
import { Breakable, SentenceWithAddresses } from "../../components/tools/isolated-addresses";
import { OtherFamilyAddress } from "../../components/tools/other-family-address";
import { ToolsHeader } from "../../components/tools/tools-header";
import { useT } from "../../i18n/translator";
import { rememberVisitorGeo } from "../../lib/geo";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/what-is-my-ip";

export async function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "what-is-my-ip");
  const { ipLookup, clientAddress } = args.context;
  const iso = localeInfo(page.locale).iso;
  const unavailable = { status: "unavailable" } as const;
  const visitor = toIpView((await ipLookup?.describe(clientAddress)) ?? unavailable, iso);
  const query = new URL(args.request.url).searchParams.get("ip");
  const lookup =
    query === null ? null : toIpView((await ipLookup?.lookupFor(query, clientAddress)) ?? unavailable, iso);
  // A dual-stack visitor reached us over one family; the other family's host name shows the other address.
  const otherFamily: 4 | 6 = clientAddress.includes(":") ? 4 : 6;
  const otherOrigin = args.context.ipCheckOrigins?.[otherFamily] ?? null;
  return { ...page, address: clientAddress, visitor, query, lookup, otherFamily, otherOrigin };
}

// Documentation addresses (RFC 5737, RFC 3849) shown as examples of what to type.
const EXAMPLES = { v4: "203.0.113.7", v6: "2001:db8::1" };

export function headers() {
  // The page shows the visitor's own address: never stored by a shared cache.
  return { "Cache-Control": "private, no-store" };
}

export default function WhatIsMyIpPage({ loaderData }: Route.ComponentProps) {
  const t = useT("what-is-my-ip");
  const { address, visitor, query, lookup, otherFamily, otherOrigin } = loaderData;
  const navigation = useNavigation();
  const record = visitor.status === "ok" ? visitor.record : null;
  // A lookup on its way (the form's GET), not any navigation away from the page.
  const lookingUp =
    navigation.state !== "idle" &&
    (navigation.formData?.has("ip") === true || new URLSearchParams(navigation.location?.search).has("ip"));

  // Other pages (pricing currency, the china rule, analytics) read the country from this cache.
  useEffect(() => {
    if (record?.kind === "public") {
      rememberVisitorGeo({ user_ip: record.address, country: record.country, country_code: record.countryCode });
    }
  }, [record]);

  return (
    <>
      <ToolsHeader />
      <PageIntro>
        <div className="mx-auto mt-8 max-w-xl rounded-2xl bg-white p-6 shadow-sm">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t("yourAddress")}</h2>
          <p
            className="mt-2 font-mono text-3xl font-bold text-brand-900 [overflow-wrap:anywhere]"
            data-testid="visitor-ip"
            dir="ltr"
          >
            <Breakable address={address} />
          </p>
          <p className="mt-1 text-sm text-slate-700">{t(address.includes(":") ? "family.6" : "family.4")}</p>
          {otherOrigin ? <OtherFamilyAddress origin={otherOrigin} family={otherFamily} /> : null}
        </div>
      </PageIntro>

      <section className="mx-auto max-w-5xl px-4 py-10" aria-labelledby="details-title">
        <h2 id="details-title" className="mb-4 text-2xl font-bold">
          {t("detailsTitle")}
        </h2>
        {record ? <IpDetails record={record} /> : <p role="alert">{t("unavailable")}</p>}
        {record ? <Verdict record={record} /> : null}
      </section>

      <section className="mx-auto max-w-5xl px-4 pb-10" aria-labelledby="lookup-title">
        <h2 id="lookup-title" className="text-2xl font-bold">
          {t("lookup.title")}
        </h2>
        <div className="relative" aria-busy={lookingUp}>
          <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" preventScrollReset>
            <label className="flex flex-col gap-1 font-medium">
              {t("lookup.label")}
              <input
                name="ip"
                defaultValue={query ?? ""}
                required
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
                inputMode="text"
                aria-invalid={lookup?.status === "invalid" || undefined}
                aria-describedby="lookup-hint"
                className="w-72 max-w-full rounded-lg border border-slate-400 px-3 py-2 font-mono"
              />
            </label>
            <button
              type="submit"
              disabled={navigation.state !== "idle"}
              className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
            >
              {t("lookup.submit")}
            </button>
          </Form>
          <p id="lookup-hint" className="mt-2 text-sm text-slate-700">
            <SentenceWithAddresses t={t} textKey="lookup.hint" values={EXAMPLES} />
          </p>
          {lookup ? <LookupResult lookup={lookup} /> : null}
          <LoadingOverlay busy={lookingUp} />
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 pb-12">
        <h2 className="text-2xl font-bold">{t("about.title")}</h2>
        <p className="mt-3 text-slate-800">{t("about.reveals")}</p>
        <p className="mt-3 text-slate-800">{t("about.vpn")}</p>
        <p className="mt-3 text-slate-800">{t("about.accuracy")}</p>
      </section>

      <p className="mx-auto max-w-5xl px-4 pb-12 text-sm text-slate-700">
        {t("attribution.lead")}{" "}
        <a href="https://db-ip.com/" className="underline">
          {t("attribution.dbip")}
        </a>
        {" · "}
        <a href="https://www.routeviews.org/" className="underline">
          {t("attribution.routeviews")}
        </a>
        {" · "}
        <a href="https://creativecommons.org/licenses/by/4.0/" className="underline">
          CC BY 4.0
        </a>
      </p>
    </>
  );
}

function Verdict({ record }: { record: Extract<IpLookupView, { status: "ok" }>["record"] }) {
  const t = useT("what-is-my-ip");
  if (record.kind !== "public") return null;
  const protectedLine = record.hosting;
  return (
    <div
      className={`mt-6 rounded-xl border-s-4 p-4 ${protectedLine ? "border-green-600 bg-green-50" : "border-amber-500 bg-amber-50"}`}
    >
      <h3 className="font-bold">{t(protectedLine ? "verdict.hostingTitle" : "verdict.exposedTitle")}</h3>
      <p className="mt-1">
        {t(protectedLine ? "verdict.hosting" : "verdict.exposed", {
          organisation: record.organisation || t("unknown"),
          place: placeOf(record) || t("unknown"),
        })}
      </p>
    </div>
  );
}

function LookupResult({ lookup }: { lookup: IpLookupView }) {
  const t = useT("what-is-my-ip");
  if (lookup.status === "invalid") {
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
        <SentenceWithAddresses t={t} textKey="lookup.invalid" values={EXAMPLES} />
      </p>
    );
  }
  if (lookup.status === "rate_limited") {
    return (
      <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
        {t("lookup.rateLimited", { minutes: Math.max(1, Math.ceil(lookup.retryAfterSeconds / 60)) })}
      </p>
    );
  }
  if (lookup.status === "unavailable") {
    return (
      <p role="alert" className="mt-4">
        {t("unavailable")}
      </p>
    );
  }
  return (
    <div className="mt-6" aria-live="polite">
      <h3 className="mb-3 text-xl font-bold">
        <SentenceWithAddresses t={t} textKey="lookup.resultTitle" values={{ ip: lookup.record.address }} />
      </h3>
      <IpDetails record={lookup.record} />
    </div>
  );
}
