// npm test needs Debian's Chromium for the end-to-end tests: say how to get it, never skip them.
import { existsSync } from "node:fs";

const candidate = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(candidate)) {
  console.error("Chromium not found: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH)");
  process.exit(1);
}
