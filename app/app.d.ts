import "react-router";

declare module "react-router" {
  /** Filled by the Hono server for each request (server/context.ts, PageLoadContext). */
  interface AppLoadContext {
    requestId: string;
    cspNonce: string;
    clientAddress: string;
  }
}
