import { formatNumber } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { type IpView, placeOf } from "./ip-view";
import { WorldMap } from "./world-map";

/** What is known about one address: place, network, and a map; non-public addresses explained. */
export function IpDetails({ record }: { record: IpView }) {
  const t = useT("what-is-my-ip");
  const { locale } = useLocale();
  if (record.kind !== "public") {
    return <p className="rounded-lg bg-slate-100 p-4 text-slate-800">{t(`kind.${record.kind}`)}</p>;
  }
  const unknown = <span className="text-slate-600">{t("unknown")}</span>;
  const place = placeOf(record);
  const rows: Array<[string, React.ReactNode]> = [
    [
      t("fields.country"),
      record.countryCode ? (
        <span key="country" className="inline-flex items-center gap-2">
          <img
            src={`/flags/${record.countryCode.toLowerCase()}.svg`}
            width={24}
            height={18}
            alt=""
            className="rounded-sm border border-slate-200"
          />
          {record.countryName}
        </span>
      ) : (
        unknown
      ),
    ],
    [t("fields.region"), record.region || unknown],
    [t("fields.city"), record.city || unknown],
    [t("fields.timezone"), record.timezone || unknown],
    [t("fields.organisation"), record.organisation || unknown],
    [t("fields.asn"), record.asn !== null ? `AS${record.asn}` : unknown],
    [t("fields.network"), t(record.hosting ? "network.hosting" : "network.access")],
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2.5">
            <dt className="font-medium text-slate-700">{term}</dt>
            <dd className="text-end font-semibold" dir="auto">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {record.latitude !== null && record.longitude !== null ? (
        <div>
          <WorldMap
            latitude={record.latitude}
            longitude={record.longitude}
            label={t("mapLabel", { place: place || t("unknown") })}
          />
          <p className="mt-2 text-sm text-slate-700">
            {t("coordinates", {
              latitude: formatNumber(record.latitude, locale, { maximumFractionDigits: 2 }),
              longitude: formatNumber(record.longitude, locale, { maximumFractionDigits: 2 }),
            })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
