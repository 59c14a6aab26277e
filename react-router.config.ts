import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Server-rendered by default (account, checkout); marketing pages are prerendered at build.
  ssr: true,
  prerender: ["/"],
} satisfies Config;
