import type { RouteHandler } from "@hono/zod-openapi";
import { actorSchema } from "../../../core/billing/manage-catalogue";
import { receiptFonts } from "../../../core/billing/receipt-fonts";
import { renderVoucherCardsPdf } from "../../../core/vouchers/voucher-cards-pdf";
import { createVoucherBatch, listVoucherBatches, type VoucherBatchSummary } from "../../../core/vouchers/vouchers";
import { BRAND } from "../../../universal/brand/brand";
import { type Locale, localizePath } from "../../../universal/i18n/locales";
import { csvCell } from "../../../universal/text/csv";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./vouchers.routes";

type VoucherDeps = Pick<AppDeps, "database" | "config">;

export function voucherCsv(batch: VoucherBatchSummary, codes: readonly string[]): string {
  const header = "code,batch,reseller,plan_id,period_months,period_days,expires_at";
  const rows = codes.map((code) =>
    [code, batch.id, batch.reseller, batch.plan_id, batch.period_months, batch.period_days, batch.expires_at]
      .map(csvCell)
      .join(","),
  );
  return `${[header, ...rows].join("\r\n")}\r\n`;
}

/** The operator's voucher batches: thin handlers over core/vouchers/vouchers.ts. */
export function voucherHandlers(deps: VoucherDeps) {
  const db = deps.database.db;

  const list: RouteHandler<typeof routes.listVoucherBatches, AppEnv> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ batches: await listVoucherBatches(db) }), 200);
  };

  const create: RouteHandler<typeof routes.createVoucherBatch, AppEnv> = async (c) => {
    c.header("Cache-Control", "no-store");
    const actor = actorSchema.safeParse(c.req.header("x-operator-name") ?? "operator-api");
    if (!actor.success) {
      return errorReply(c, "validation", {
        fields: { "x-operator-name": actor.error.issues[0]?.message ?? "invalid" },
      });
    }
    const result = await createVoucherBatch(db, c.req.valid("json"), actor.data);
    if ("refused" in result) return errorReply(c, "notFound", null, `no plan ${result.planId}`);
    // The count, never the codes: the log must not hold what the codes are worth.
    c.get("logger").info(
      { event: "voucher_batch_created", batch: result.batch.id, count: result.codes.length, actor: actor.data },
      "voucher batch created",
    );
    const { format, locale } = c.req.valid("query");
    if (format === "pdf") {
      const origin = deps.config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
      const pdf = await renderVoucherCardsPdf({
        batch: result.batch,
        codes: result.codes,
        brand: BRAND.name,
        redeemUrl: `${origin}${localizePath("/redeem", locale as Locale)}`,
        locale: locale as Locale,
        fonts: receiptFonts(),
      });
      c.header("Content-Disposition", `attachment; filename="vouchers-${result.batch.id}.pdf"`);
      return c.body(new Uint8Array(pdf), 200, { "Content-Type": "application/pdf" });
    }
    if (format === "csv") {
      c.header("Content-Disposition", `attachment; filename="vouchers-${result.batch.id}.csv"`);
      return c.body(voucherCsv(result.batch, result.codes), 200, { "Content-Type": "text/csv; charset=utf-8" });
    }
    return c.json(ok(result), 200);
  };

  return { listVoucherBatches: list, createVoucherBatch: create };
}
