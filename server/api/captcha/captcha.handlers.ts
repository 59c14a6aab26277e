import type { RouteHandler } from "@hono/zod-openapi";
import type { CaptchaVerifier } from "../../../core/captcha/captcha";
import type { AppEnv } from "../../context";
import { ok } from "../envelope";
import type * as routes from "./captcha.routes";

export const captchaChallenge =
  (deps: { captcha?: CaptchaVerifier }): RouteHandler<typeof routes.captchaChallenge, AppEnv> =>
  async (c) => {
    c.header("Cache-Control", "no-store");
    const provider = deps.captcha?.provider ?? "none";
    return c.json(ok({ provider, ...((await deps.captcha?.clientConfig()) ?? {}) }), 200);
  };
