import { OpenAPIHono } from "@hono/zod-openapi";
import type { GeoLookup } from "../../../core/geo/geo-database";
import type { AppDeps, AppEnv } from "../../context";
import * as handlers from "./geo-info.handlers";
import * as routes from "./geo-info.routes";

/** The caller's address and country (geo_info), whether or not the what-is-my-ip tools are on. */
export function geoInfoRouter(deps: { geo?: () => Promise<GeoLookup>; validationHook: AppDeps["validationHook"] }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  app.openapi(routes.geoInfo, handlers.geoInfo(deps));
  return app;
}
