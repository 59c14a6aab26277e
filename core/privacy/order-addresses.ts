import { eq, like } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders } from "../../db/schema";

/**
 * An order's stored client info without the buyer's address, and the country that address had:
 * orders made before decision 041 kept the IP in `client_info.ip`. Null when there is nothing to
 * change (no address in it, or not JSON).
 */
export function addressToCountry(
  clientInfo: string,
  countryOf: (address: string) => string | null | undefined,
): { clientInfo: string; country: string | null } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(clientInfo);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || !("ip" in parsed)) return null;
  const { ip, ...rest } = parsed as { ip: unknown } & Record<string, unknown>;
  const country = typeof ip === "string" ? (countryOf(ip) ?? null) : null;
  return { clientInfo: JSON.stringify(rest), country: country && /^[A-Z]{2}$/.test(country) ? country : null };
}

/**
 * Once, at start (idempotent): every order still holding an address gets its country and loses
 * the address. A country already stored is kept.
 */
export async function replaceOrderAddressesWithCountries(
  db: Database,
  countryOf: (address: string) => string | null | undefined,
): Promise<number> {
  const rows = await db
    .select({ id: orders.id, clientInfo: orders.clientInfo, country: orders.country })
    .from(orders)
    .where(like(orders.clientInfo, '%"ip"%'));
  let changed = 0;
  for (const row of rows) {
    const moved = addressToCountry(row.clientInfo, countryOf);
    if (!moved) continue;
    await db
      .update(orders)
      .set({ clientInfo: moved.clientInfo, country: row.country ?? moved.country })
      .where(eq(orders.id, row.id));
    changed++;
  }
  return changed;
}
