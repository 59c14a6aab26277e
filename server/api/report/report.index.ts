import { OpenAPIHono } from "@hono/zod-openapi";
import { ipSubject } from "../../../core/security/rate-limits";
import { submitContactReport } from "../../../core/support/contact-reports";
import { isLocale } from "../../../universal/i18n/locales";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import { rateLimiter } from "../rate-limited";
import * as routes from "./report.routes";

export function reportRouter(deps: AppDeps) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  const limited = rateLimiter(db, "too many reports, try again later");

  app.openapi(routes.contactUs, async (c) => {
    const body = c.req.valid("json");
    const refused =
      (await limited(c, "contactPerIp", ipSubject(c.get("clientAddress")))) ??
      (await limited(c, "contactPerEmail", body.email));
    if (refused) return refused;
    if (deps.captcha && !(await deps.captcha.verify(body.recasign, { ip: c.get("clientAddress"), variant: "r3" }))) {
      return errorReply(c, "captchaFailed");
    }
    const { reference } = await submitContactReport(
      db,
      { ...body, locale: isLocale(body.language) ? body.language : "en" },
      { supportEmail: deps.config.SUPPORT_EMAIL },
    );
    deps.onMailQueued?.();
    c.get("logger").info({ event: "contact_report", reference, topic: body.topic }, "contact report stored");
    return c.json(ok({ reference }), 200);
  });

  return app;
}
