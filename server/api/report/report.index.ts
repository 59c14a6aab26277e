import { OpenAPIHono } from "@hono/zod-openapi";
import { contactReportSender } from "../../contact-report";
import type { AppDeps, AppEnv } from "../../context";
import { withCaptchaAlias } from "../captcha-check";
import { errorReply, ok } from "../envelope";
import { tooSoon } from "../rate-limited";
import * as routes from "./report.routes";

export function reportRouter(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const send = contactReportSender(deps);

  const contactUs: Parameters<typeof app.openapi<typeof routes.contactUs>>[1] = async (c) => {
    const outcome = await send(c.req.valid("json"), c.get("clientAddress"), c.get("logger"));
    if (outcome.status === "tooManyRequests") {
      return tooSoon(c, outcome.retryAfterSeconds, "too many reports, try again later");
    }
    if (outcome.status === "captchaFailed") return errorReply(c, "captchaFailed");
    return c.json(ok({ reference: outcome.reference }), 200);
  };
  for (const route of withCaptchaAlias(routes.contactUs)) app.openapi(route, contactUs);

  return app;
}
