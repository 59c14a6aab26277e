import { data, useLocation } from "react-router";
import type { Route } from "./+types/not-found";

export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const location = useLocation();
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-bold">Page Not Found: {location.pathname}</h1>
      <p className="mt-4">
        <a className="text-brand-700 underline" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
