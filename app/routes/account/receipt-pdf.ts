import { data } from "react-router";
import { splitLocale } from "../../../universal/i18n/locales";
import type { Route } from "./+types/receipt-pdf";

/**
 * A receipt as a PDF, rendered on the server for the signed-in buyer (server/receipts.ts): 404
 * for anyone else's order, so an order id alone reveals nothing.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const pdf = await context.receipts?.pdf(params.orderId, locale);
  if (!pdf) throw data(null, { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${params.orderId.replace(/[^\w-]/g, "")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
