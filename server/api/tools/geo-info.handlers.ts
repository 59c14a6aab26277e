import type { RouteHandler } from "@hono/zod-openapi";
import type { GeoLookup } from "../../../core/geo/geo-database";
import type { AppEnv } from "../../context";
import { ok } from "../envelope";
import type * as routes from "./geo-info.routes";

export const geoInfo =
  (deps: { geo?: () => Promise<GeoLookup> }): RouteHandler<typeof routes.geoInfo, AppEnv> =>
  async (c) => {
    const address = c.get("clientAddress");
    const record = (await deps.geo?.())?.lookup(address);
    c.header("Cache-Control", "private, no-store");
    return c.json(
      ok({ user_ip: address, country: record?.country ?? "", country_code: record?.countryCode ?? "" }),
      200,
    );
  };
