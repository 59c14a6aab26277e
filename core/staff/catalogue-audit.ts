import type { AuditAction } from "../../universal/staff/roles";
import type { CatalogueChangeHook, CatalogueChangeRecord, CataloguePlan } from "../billing/manage-catalogue";
import type { RouteRuleChangeHook } from "../config/route-rule-store";
import { type Actor, recordAudit } from "./staff";

/**
 * The console's catalogue and route-rule changes in the staff audit log (decision 056). The
 * changes themselves are the operator API's own functions (core/billing/manage-catalogue.ts,
 * core/config/route-rule-store.ts); these hooks add the audit row in their transaction, with only
 * the part that changed before and after: the plan's terms, one currency's price, one provider's id.
 */

/** What a catalogue change is about, as the console knows it when it asks for the change. */
export type CatalogueSubject =
  | { kind: "plan" }
  | { kind: "price"; currency: string }
  | { kind: "provider_id"; provider: string };

type AuditRecord = Record<string, unknown> | null;

const planTerms = (plan: CataloguePlan | null): AuditRecord =>
  plan
    ? {
        months: plan.months,
        device_limit: plan.device_limit,
        ip_limit: plan.ip_limit,
        visible: plan.visible,
        is_default: plan.is_default,
        sort_order: plan.sort_order,
      }
    : null;

function priceIn(plan: CataloguePlan | null, currency: string): AuditRecord {
  const price = plan?.prices.find((entry) => entry.currency === currency);
  return price
    ? {
        currency,
        list_amount: price.list_amount,
        sale_amount: price.sale_amount,
        trial_amount: price.trial_amount,
      }
    : null;
}

const priceIdAt = (plan: CataloguePlan | null, provider: string): AuditRecord =>
  plan ? { provider, price_id: plan.price_ids[provider] ?? null } : null;

/** The audit row of one catalogue change: its action, the plan it touched, the part before and after. */
export function catalogueAuditEntry(
  subject: CatalogueSubject,
  change: CatalogueChangeRecord,
): { action: AuditAction; target: string; before: AuditRecord; after: AuditRecord } {
  const target = `plan:${change.planId}`;
  switch (subject.kind) {
    case "plan":
      return { action: "catalogue.plan", target, before: planTerms(change.before), after: planTerms(change.after) };
    case "price":
      return {
        action: "catalogue.price",
        target,
        before: priceIn(change.before, subject.currency),
        after: priceIn(change.after, subject.currency),
      };
    case "provider_id":
      return {
        action: "catalogue.provider_id",
        target,
        before: priceIdAt(change.before, subject.provider),
        after: priceIdAt(change.after, subject.provider),
      };
  }
}

/** The catalogue log's actor name for a staff member (actorSchema's characters). */
export const catalogueActorName = (userId: number) => `staff:${userId}`;

export function auditCatalogueChange(actor: Actor, subject: CatalogueSubject): CatalogueChangeHook {
  return (tx, change) => recordAudit(tx, { actor, ...catalogueAuditEntry(subject, change) });
}

export function auditRouteRuleChange(actor: Actor): RouteRuleChangeHook {
  return (tx, change) =>
    recordAudit(tx, {
      actor,
      action: change.after ? "route_rule.save" : "route_rule.delete",
      target: `route:${change.path}`,
      before: change.before ? { ...change.before } : null,
      after: change.after ? { ...change.after } : null,
    });
}
