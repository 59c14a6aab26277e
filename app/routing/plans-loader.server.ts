import type { LoaderFunctionArgs } from "react-router";
import type { VisitorPlans } from "../../universal/billing/plan-item";

/**
 * The plans a page shows, from the server (the load context), in the visitor's currency: pages
 * with prices are documents rendered per request, since the catalogue is the operator's runtime
 * data (decision 025). Null when they cannot be loaded: the page says so.
 */
export async function loadPlans({ context, request }: LoaderFunctionArgs): Promise<VisitorPlans | null> {
  if (!context.plans) return null;
  try {
    return await context.plans(request);
  } catch (error) {
    context.logError?.(error, "plans for a page could not be loaded");
    return null;
  }
}

/** Prices follow the visitor's address and cookie: no shared cache keeps them. */
export const PRICED_PAGE_HEADERS = { "Cache-Control": "private, no-cache" } as const;
