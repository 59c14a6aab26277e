import { existsSync } from "node:fs";

/** Debian's Chromium (playwright's own browser downloads are not available here). */
export const CHROMIUM_INSTALL_HINT =
  "Chromium not found: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH)";

export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(candidate)) throw new Error(CHROMIUM_INSTALL_HINT);
  return candidate;
}
