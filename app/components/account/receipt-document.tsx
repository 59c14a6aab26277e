import type { ReceiptTexts } from "../../../universal/billing/receipt-texts";

/** A receipt as the page shows and prints it: the same words and order as its PDF. */
export function ReceiptDocument({ texts, brand }: { texts: ReceiptTexts; brand: string }) {
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 print:border-0 print:p-0 print:shadow-none">
      <p className="text-sm text-slate-600">{brand}</p>
      <h1 className="mt-2 text-3xl font-bold">{texts.title}</h1>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        {[texts.seller, texts.buyer].map((party) => (
          <section key={party.label} className="text-sm">
            <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{party.label}</h2>
            <address className="mt-2 not-italic leading-relaxed [overflow-wrap:anywhere]">
              {party.lines.map((line) => (
                <span key={line} className="block">
                  <bdi>{line}</bdi>
                </span>
              ))}
            </address>
          </section>
        ))}
      </div>
      <dl className="mt-8 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {texts.rows.map(([label, value, isolate]) => (
          <div key={label} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[12rem_1fr] print:grid-cols-[12rem_1fr]">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{isolate ? <bdi dir="ltr">{value}</bdi> : value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-xs text-slate-600">{texts.footer}</p>
    </article>
  );
}
