import { Outlet, redirect } from "react-router";
import { localizePath, splitLocale } from "../../../universal/i18n/locales";
import type { Route } from "./+types/auth";

/**
 * Route middleware `auth`: anonymous visitors of /myaccount (and its receipts) and of the operator console go to /login?redirect=…, and
 * logged-in visitors of /login go to /myaccount. The session comes from the server's load
 * context (`context.user`), set from the session cookie before React Router runs.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale, rest } = splitLocale(url.pathname);
  const loggedIn = Boolean(context?.user);
  const needsSession = rest === "/myaccount" || rest.startsWith("/myaccount/") || rest === "/operator";
  if (needsSession && !loggedIn) {
    throw redirect(`${localizePath("/login", locale)}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (rest === "/login" && loggedIn) {
    throw redirect(localizePath("/myaccount", locale));
  }
  return null;
}

export default function AuthMiddleware() {
  return <Outlet />;
}
