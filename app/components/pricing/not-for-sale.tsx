import { useT } from "../../i18n/translator";

/** What stands where the plans go while the operator's catalogue has none: nothing is for sale yet. */
export function NotForSale({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const t = useT("pricing");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center" role="status">
      <Heading className="text-xl font-bold">{t("notForSale.title")}</Heading>
      <p className="mt-2 text-slate-700">{t("notForSale.text")}</p>
    </div>
  );
}
