import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../context";
import * as handlers from "./dns-leak.handlers";
import * as routes from "./dns-leak.routes";

/** The DNS leak test's API (decision 043); answers 40180 on a server without DNS_LEAK_ZONE. */
export function dnsLeakRouter(deps: handlers.DnsLeakDeps & { validationHook: AppDeps["validationHook"] }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  app.openapi(routes.startDnsLeakTest, handlers.startTest(deps));
  app.openapi(routes.dnsLeakResult, handlers.testResult(deps));
  app.openapi(routes.dnsLeakProbe, handlers.probe);
  return app;
}
