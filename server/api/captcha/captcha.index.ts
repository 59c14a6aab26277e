import { OpenAPIHono } from "@hono/zod-openapi";
import type { CaptchaVerifier } from "../../../core/captcha/captcha";
import type { AppDeps, AppEnv } from "../../context";
import * as handlers from "./captcha.handlers";
import * as routes from "./captcha.routes";

/** The captcha provider's public settings, for the pages that ask for a token. */
export function captchaRouter(deps: { captcha?: CaptchaVerifier; validationHook: AppDeps["validationHook"] }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  app.openapi(routes.captchaChallenge, handlers.captchaChallenge(deps));
  return app;
}
