import { WEB_APP_TYPE } from "./api";

/** SPEC §7: the route-rules lookup made per navigated path; answers are kept for the page's life. */
const answers = new Map<string, Promise<string | null>>();

export function routeRedirectFor(path: string): Promise<string | null> {
  let answer = answers.get(path);
  if (!answer) {
    answer = fetch(`/api/mms/config/v1/route_rule?path=${encodeURIComponent(path)}`, {
      headers: { "X-App-Type": WEB_APP_TYPE },
    })
      .then(async (response) => {
        if (!response.ok) return null;
        const { data } = (await response.json()) as { data?: { redirect?: string | null } };
        return data?.redirect ?? null;
      })
      .catch(() => null);
    answers.set(path, answer);
  }
  return answer;
}

/** An absolute URL leaves the app (full navigation); a path is a client navigation. */
export function isAbsoluteTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}
