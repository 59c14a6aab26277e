import { data, Link } from "react-router";
import { receiptTexts } from "../../../universal/billing/receipt-texts";
import { receiptPdfPath } from "../../../universal/routing/receipt-path";
import { ReceiptDocument } from "../../components/account/receipt-document";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/receipt";

export async function loader(args: Route.LoaderArgs) {
  // email: the receipt's words are the receipt mail's; pricing: payment methods as the checkout names them.
  const page = loadPage(args, "receipt", { namespaces: ["email", "pricing"] });
  const receipt = await args.context.receipts?.receipt(args.params.orderId);
  if (!receipt) throw data(null, { status: 404 });
  return { ...page, receipt };
}

const BUTTON = "min-h-11 rounded-lg px-4 py-2 font-semibold";

/** One payment's receipt: printable as it is (the site's header and footer stay off paper), or as a PDF. */
export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const t = useT("myaccount");
  const te = useT("email");
  const { locale, to } = useLocale();
  const { receipt } = loaderData;
  const texts = receiptTexts(receipt, locale, (key, vars) => te(key, vars));
  return (
    <div className="mx-auto my-10 flex max-w-3xl flex-col gap-6 px-4 print:my-0 print:max-w-none print:px-0">
      <nav className="flex flex-wrap items-center gap-3 print:hidden" aria-label={t("receiptPage.heading")}>
        <Link to={to("/myaccount")} className="me-auto font-semibold text-brand-700 underline underline-offset-2">
          {t("receiptPage.back")}
        </Link>
        <button
          type="button"
          className={`${BUTTON} border border-slate-400 hover:bg-slate-50`}
          onClick={() => window.print()}
        >
          {t("receiptPage.print")}
        </button>
        <a
          href={to(receiptPdfPath(receipt.payment.order_id))}
          download
          className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-600`}
        >
          {t("receiptPage.download")}
        </a>
      </nav>
      <ReceiptDocument texts={texts} brand={receipt.issuer.brand} />
      <p className="text-sm print:hidden">
        <Link to={to("/myaccount")} className="text-brand-700 underline underline-offset-2">
          {t("receiptPage.editDetails")}
        </Link>
      </p>
    </div>
  );
}
