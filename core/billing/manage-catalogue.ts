import { and, asc, desc, eq, ne, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { catalogueChanges, orders, planPrices, planProviderProducts, plans, subscriptions } from "../../db/schema";
import { CURRENCIES, type Currency } from "./catalogue";
import { PROVIDER_CODES } from "./providers/payment-provider";
import { savingPercent } from "./savings";

/**
 * The operator's catalogue: plans, their prices per currency and their price ids at the payment
 * providers (decision 025). Every change is validated here, checked against the rows it changes,
 * and written with its audit row (`catalogue_changes`) in one transaction. Orders keep the amount
 * they were created with, so a change reaches new purchases only.
 */

const currencyCodes = Object.keys(CURRENCIES) as [Currency, ...Currency[]];
/** Largest amount accepted, in minor units (1,000,000.00): a typo guard, not a business rule. */
const MAX_AMOUNT = 100_000_000;

export const planIdSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, "lowercase letters, digits and inner hyphens, at most 40");
const minorAmount = z
  .number()
  .int("a whole number of minor units (cents, pence)")
  .positive("must be more than 0")
  .max(MAX_AMOUNT, `at most ${MAX_AMOUNT}`);

export const setPriceSchema = z
  .object({
    plan_id: planIdSchema,
    currency: z.enum(currencyCodes, { message: `one of ${currencyCodes.join(", ")}` }),
    /** The reference (list) price a saving is measured against, in minor units. */
    list_amount: minorAmount,
    /** What the plan sells for, in minor units; equal to list_amount = not discounted. */
    sale_amount: minorAmount,
    /** A first-period price, in minor units (0 = free); null or absent = no trial. */
    trial_amount: z.number().int("a whole number of minor units").min(0).max(MAX_AMOUNT).nullable().default(null),
  })
  .refine((price) => price.sale_amount <= price.list_amount, {
    message: "must not be more than list_amount",
    path: ["sale_amount"],
  })
  .refine((price) => price.trial_amount === null || price.trial_amount <= price.sale_amount, {
    message: "must not be more than sale_amount",
    path: ["trial_amount"],
  });
export type SetPriceInput = z.input<typeof setPriceSchema>;

export const addPlanSchema = z.object({
  id: planIdSchema,
  months: z.number().int("whole months").min(1).max(120),
  device_limit: z.number().int("a whole number").min(1).max(1000),
  /** How many IP addresses a subscriber may bind (decision 045). */
  ip_limit: z.number().int("a whole number").min(1).max(100).default(1),
  visible: z.boolean().default(true),
  is_default: z.boolean().default(false),
  /** Smaller first on the pricing page. */
  sort_order: z.number().int().min(-1000).max(1000).default(0),
});
export type AddPlanInput = z.input<typeof addPlanSchema>;

/**
 * A plan's terms and place, changed after it was added (visibility and the default have their own
 * operations). Absent fields stay as they are.
 */
export const editPlanSchema = z
  .object({
    plan_id: planIdSchema,
    months: addPlanSchema.shape.months.optional(),
    device_limit: addPlanSchema.shape.device_limit.optional(),
    ip_limit: z.number().int("a whole number").min(1).max(100).optional(),
    sort_order: z.number().int().min(-1000).max(1000).optional(),
  })
  .strict();
export type EditPlanInput = z.input<typeof editPlanSchema>;

/**
 * Why an edit would reach customers who already bought the plan (decision 056), or null. A sold
 * plan keeps its months (the processors bill its subscriptions at that interval) and its limits
 * never go down (subscribers read them from the plan); raising a limit is a gift to them and is
 * allowed. To sell different terms, add a new plan and hide this one.
 */
export function soldPlanEditProblem(
  before: Pick<CataloguePlan, "months" | "device_limit" | "ip_limit">,
  edit: Pick<z.output<typeof editPlanSchema>, "months" | "device_limit" | "ip_limit">,
): "months" | "device_limit" | "ip_limit" | null {
  if (edit.months !== undefined && edit.months !== before.months) return "months";
  if (edit.device_limit !== undefined && edit.device_limit < before.device_limit) return "device_limit";
  if (edit.ip_limit !== undefined && edit.ip_limit < before.ip_limit) return "ip_limit";
  return null;
}

export const mapPriceIdSchema = z.object({
  plan_id: planIdSchema,
  provider: z.enum(PROVIDER_CODES, { message: `one of ${PROVIDER_CODES.join(", ")}` }),
  /** The provider's price or product id (Stripe price_…, Paddle pri_…); null removes it. */
  price_id: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,200}$/, "letters, digits and _ . : - only, at most 200")
    .nullable(),
});
export type MapPriceIdInput = z.input<typeof mapPriceIdSchema>;

/** Who made a change: the caller's name given to the operator API, or "cli". */
export const actorSchema = z
  .string()
  .trim()
  .regex(/^[\w .@:-]{1,64}$/, "letters, digits, spaces and _ . @ : - only, at most 64");

export interface CataloguePlan {
  id: string;
  months: number;
  device_limit: number;
  ip_limit: number;
  visible: boolean;
  is_default: boolean;
  sort_order: number;
  prices: Array<{
    currency: string;
    list_amount: number;
    sale_amount: number;
    trial_amount: number | null;
    saving_percent: number;
  }>;
  /** Provider code -> price or product id. */
  price_ids: Record<string, string>;
}

export interface CatalogueChange {
  id: number;
  changed_at: string;
  actor: string;
  action: string;
  plan_id: string;
  before: unknown;
  after: unknown;
}

/** Why a valid change could not be made to the catalogue as it stands. */
export type CatalogueRefusal =
  | { refused: "unknown_plan"; planId: string }
  | { refused: "plan_exists"; planId: string }
  /** The default plan cannot be hidden while other plans are for sale: name another default first. */
  | { refused: "default_plan"; planId: string }
  /** A hidden plan cannot be the default. */
  | { refused: "hidden_plan"; planId: string }
  /** The plan has orders: this edit would change what its buyers have (soldPlanEditProblem). */
  | { refused: "plan_sold"; planId: string; field: "months" | "device_limit" | "ip_limit" };

export type CatalogueResult = { plan: CataloguePlan } | CatalogueRefusal;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Database | Transaction;

/** One change as the catalogue log records it: the plan before (null for a new plan) and after. */
export interface CatalogueChangeRecord {
  action: string;
  planId: string;
  before: CataloguePlan | null;
  after: CataloguePlan;
}
/**
 * Called in the change's transaction after its `catalogue_changes` row, so that a caller's own
 * record (the console's staff audit) is written with the change or not at all.
 */
export type CatalogueChangeHook = (tx: Transaction, change: CatalogueChangeRecord) => Promise<void>;

/** Every plan, hidden ones too, with prices and price ids, in display order. */
export async function listCatalogue(db: Reader): Promise<CataloguePlan[]> {
  const planRows = await db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
  const priceRows = await db.select().from(planPrices).orderBy(asc(planPrices.currency));
  const idRows = await db.select().from(planProviderProducts).orderBy(asc(planProviderProducts.provider));
  return planRows.map((plan) => ({
    id: plan.id,
    months: plan.months,
    device_limit: plan.deviceLimit,
    ip_limit: plan.ipLimit,
    visible: plan.active,
    is_default: plan.isDefault,
    sort_order: plan.sortOrder,
    prices: priceRows
      .filter((price) => price.planId === plan.id)
      .map((price) => ({
        currency: price.currency,
        list_amount: price.listAmount,
        sale_amount: price.saleAmount,
        trial_amount: price.trialAmount,
        saving_percent: savingPercent(price.listAmount, price.saleAmount),
      })),
    price_ids: Object.fromEntries(
      idRows.filter((row) => row.planId === plan.id).map((row) => [row.provider, row.productId]),
    ),
  }));
}

/** The newest changes first (at most `limit`). */
export async function listCatalogueChanges(db: Database, limit = 50): Promise<CatalogueChange[]> {
  const rows = await db.select().from(catalogueChanges).orderBy(desc(catalogueChanges.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    changed_at: row.changedAt.toISOString(),
    actor: row.actor,
    action: row.action,
    plan_id: row.planId,
    before: row.before,
    after: row.after,
  }));
}

async function findPlan(tx: Reader, planId: string): Promise<CataloguePlan | undefined> {
  return (await listCatalogue(tx)).find((plan) => plan.id === planId);
}

/**
 * Runs one change in a transaction: `change` makes it (or refuses), then the plan as it is
 * afterwards is audited with the plan as it was before.
 */
async function changePlan(
  db: Database,
  actor: string,
  action: string,
  planId: string,
  change: (tx: Transaction, before: CataloguePlan | undefined) => Promise<CatalogueRefusal | undefined>,
  onChange?: CatalogueChangeHook,
): Promise<CatalogueResult> {
  const who = actorSchema.parse(actor);
  return db.transaction(async (tx) => {
    // One change at a time: the default-plan rule reads other plans' rows.
    await tx.select({ id: plans.id }).from(plans).for("update");
    const before = await findPlan(tx, planId);
    const refusal = await change(tx, before);
    if (refusal) return refusal;
    const after = await findPlan(tx, planId);
    if (!after) return { refused: "unknown_plan", planId };
    await tx.insert(catalogueChanges).values({ actor: who, action, planId, before: before ?? null, after });
    await onChange?.(tx, { action, planId, before: before ?? null, after });
    return { plan: after };
  });
}

/** Sets one plan's price in one currency (a new price for new purchases; orders keep theirs). */
export async function setPrice(
  db: Database,
  input: SetPriceInput,
  actor: string,
  onChange?: CatalogueChangeHook,
): Promise<CatalogueResult> {
  const price = setPriceSchema.parse(input);
  return changePlan(
    db,
    actor,
    "set-price",
    price.plan_id,
    async (tx, before) => {
      if (!before) return { refused: "unknown_plan", planId: price.plan_id };
      const values = {
        listAmount: price.list_amount,
        saleAmount: price.sale_amount,
        trialAmount: price.trial_amount,
      };
      await tx
        .insert(planPrices)
        .values({ planId: price.plan_id, currency: price.currency, ...values })
        .onConflictDoUpdate({ target: [planPrices.planId, planPrices.currency], set: values });
    },
    onChange,
  );
}

/**
 * Adds a plan. It is for sale once it has a price in a currency; the first visible plan
 * becomes the default, and a new default takes the mark from the previous one.
 */
export async function addPlan(
  db: Database,
  input: AddPlanInput,
  actor: string,
  onChange?: CatalogueChangeHook,
): Promise<CatalogueResult> {
  const plan = addPlanSchema.parse(input);
  return changePlan(
    db,
    actor,
    "add-plan",
    plan.id,
    async (tx, before) => {
      if (before) return { refused: "plan_exists", planId: plan.id };
      if (plan.is_default && !plan.visible) return { refused: "hidden_plan", planId: plan.id };
      if (plan.is_default) await tx.update(plans).set({ isDefault: false });
      await tx.insert(plans).values({
        id: plan.id,
        months: plan.months,
        deviceLimit: plan.device_limit,
        ipLimit: plan.ip_limit,
        active: plan.visible,
        isDefault: plan.is_default,
        sortOrder: plan.sort_order,
      });
      if (plan.visible) await keepOneDefault(tx, plan.id);
    },
    onChange,
  );
}

/** Hides a plan from new purchases (its orders and subscriptions are untouched) or shows it again. */
export async function setPlanVisible(
  db: Database,
  input: { plan_id: string; visible: boolean },
  actor: string,
  onChange?: CatalogueChangeHook,
): Promise<CatalogueResult> {
  const planId = planIdSchema.parse(input.plan_id);
  return changePlan(
    db,
    actor,
    input.visible ? "show-plan" : "hide-plan",
    planId,
    async (tx, before) => {
      if (!before) return { refused: "unknown_plan", planId };
      if (!input.visible && before.is_default && before.visible) {
        const others = await tx
          .select({ id: plans.id })
          .from(plans)
          .where(and(eq(plans.active, true), ne(plans.id, planId)));
        if (others.length > 0) return { refused: "default_plan", planId };
      }
      await tx.update(plans).set({ active: input.visible }).where(eq(plans.id, planId));
      if (input.visible) await keepOneDefault(tx, planId);
    },
    onChange,
  );
}

/** Makes a visible plan the one the checkout preselects; exactly one visible plan is the default. */
export async function setDefaultPlan(
  db: Database,
  input: { plan_id: string },
  actor: string,
  onChange?: CatalogueChangeHook,
): Promise<CatalogueResult> {
  const planId = planIdSchema.parse(input.plan_id);
  return changePlan(
    db,
    actor,
    "set-default",
    planId,
    async (tx, before) => {
      if (!before) return { refused: "unknown_plan", planId };
      if (!before.visible) return { refused: "hidden_plan", planId };
      await tx.update(plans).set({ isDefault: false }).where(ne(plans.id, planId));
      await tx.update(plans).set({ isDefault: true }).where(eq(plans.id, planId));
    },
    onChange,
  );
}

/** Sets (or with null removes) a plan's price or product id at one provider. */
export async function mapPriceId(
  db: Database,
  input: MapPriceIdInput,
  actor: string,
  onChange?: CatalogueChangeHook,
): Promise<CatalogueResult> {
  const mapping = mapPriceIdSchema.parse(input);
  return changePlan(
    db,
    actor,
    "map-price-id",
    mapping.plan_id,
    async (tx, before) => {
      if (!before) return { refused: "unknown_plan", planId: mapping.plan_id };
      const key = and(
        eq(planProviderProducts.planId, mapping.plan_id),
        eq(planProviderProducts.provider, mapping.provider),
      );
      if (mapping.price_id === null) {
        await tx.delete(planProviderProducts).where(key);
        return;
      }
      await tx
        .insert(planProviderProducts)
        .values({ planId: mapping.plan_id, provider: mapping.provider, productId: mapping.price_id })
        .onConflictDoUpdate({
          target: [planProviderProducts.planId, planProviderProducts.provider],
          set: { productId: mapping.price_id },
        });
    },
    onChange,
  );
}

/**
 * Exactly one visible default after `planId` was added or shown: it becomes the default when
 * there is none, and gives up a default mark it kept while hidden when another plan has one.
 */
async function keepOneDefault(tx: Transaction, planId: string) {
  const defaults = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.active, true), eq(plans.isDefault, true)));
  if (defaults.length === 0) {
    await tx.update(plans).set({ isDefault: false });
    await tx.update(plans).set({ isDefault: true }).where(eq(plans.id, planId));
  } else if (defaults.length > 1) {
    await tx.update(plans).set({ isDefault: false }).where(eq(plans.id, planId));
  }
}

/** Whether anyone bought the plan or moves to it: an order of any state or a subscription names it. */
async function planSold(tx: Transaction, planId: string): Promise<boolean> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.planId, planId)).limit(1);
  if (order) return true;
  const [subscription] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(or(eq(subscriptions.planId, planId), eq(subscriptions.scheduledPlanId, planId)))
    .limit(1);
  return subscription !== undefined;
}

/**
 * Changes a plan's months, limits or place on the pricing page. Before its first sale anything
 * goes; afterwards only what cannot take from its buyers (soldPlanEditProblem).
 */
export async function editPlan(
  db: Database,
  input: EditPlanInput,
  actor: string,
  onChange?: CatalogueChangeHook,
): Promise<CatalogueResult> {
  const edit = editPlanSchema.parse(input);
  return changePlan(
    db,
    actor,
    "edit-plan",
    edit.plan_id,
    async (tx, before) => {
      if (!before) return { refused: "unknown_plan", planId: edit.plan_id };
      const problem = soldPlanEditProblem(before, edit);
      if (problem && (await planSold(tx, edit.plan_id))) {
        return { refused: "plan_sold", planId: edit.plan_id, field: problem };
      }
      const values = {
        ...(edit.months === undefined ? {} : { months: edit.months }),
        ...(edit.device_limit === undefined ? {} : { deviceLimit: edit.device_limit }),
        ...(edit.ip_limit === undefined ? {} : { ipLimit: edit.ip_limit }),
        ...(edit.sort_order === undefined ? {} : { sortOrder: edit.sort_order }),
      };
      if (Object.keys(values).length > 0) await tx.update(plans).set(values).where(eq(plans.id, edit.plan_id));
    },
    onChange,
  );
}
