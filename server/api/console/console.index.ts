import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import type { AccountDeps } from "../account/account-deps";
import { consoleCatalogueHandlers } from "./catalogue.handlers";
import * as catalogue from "./catalogue.routes";
import { consoleHandlers, requireStaff } from "./console.handlers";
import * as routes from "./console.routes";
import { promotionHandlers } from "./promotions.handlers";
import * as promotionRoutes from "./promotions.routes";

/** The operator console's API (decision 051): the session, then the staff guard with each route's right. */
export function consoleRouter(deps: AccountDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });
  const handlers = consoleHandlers(deps);
  app.use(`${routes.CONSOLE_BASE}/*`, deps.requireSession);

  app.openapi(routes.me, handlers.me);
  app.openapi(routes.acceptInvitation, handlers.accept);

  const ownersOnly = requireStaff(deps, "staff.manage");
  for (const path of [
    routes.listStaff.path,
    routes.inviteStaff.path,
    routes.changeRole.path,
    routes.removeStaff.path,
  ]) {
    app.use(path, ownersOnly);
  }
  app.openapi(routes.listStaff, handlers.staff);
  app.openapi(routes.inviteStaff, handlers.invite);
  app.openapi(routes.changeRole, handlers.role);
  app.openapi(routes.removeStaff, handlers.remove);

  app.use(routes.listAudit.path, requireStaff(deps, "audit.read"));
  app.openapi(routes.listAudit, handlers.audit);
  app.use(routes.searchOrders.path, requireStaff(deps, "orders.read"));
  app.openapi(routes.searchOrders, handlers.orders);
  app.use(routes.refundOrder.path, requireStaff(deps, "orders.refund"));
  app.openapi(routes.refundOrder, handlers.refund);

  // A customer's account (decision 058): read with orders.read, changed with customers.manage.
  app.use(routes.customerDetail.path.replace("{id}", ":id"), requireStaff(deps, "orders.read"));
  app.openapi(routes.customerDetail, handlers.customer);
  const customers = requireStaff(deps, "customers.manage");
  for (const path of [
    routes.customerCancel.path,
    routes.customerEndSessions.path,
    routes.customerRemoveDevice.path,
    routes.customerDisable.path,
    routes.customerEnable.path,
  ]) {
    app.use(path, customers);
  }
  app.openapi(routes.customerCancel, handlers.customerCancel);
  app.openapi(routes.customerEndSessions, handlers.customerEndSessions);
  app.openapi(routes.customerRemoveDevice, handlers.customerRemoveDevice);
  app.openapi(routes.customerDisable, handlers.customerDisable);
  app.openapi(routes.customerEnable, handlers.customerEnable);

  // The support inbox (decision 053): support and owners.
  const inbox = requireStaff(deps, "support.inbox");
  for (const path of [
    routes.listInbox.path,
    routes.openInboxReport.path,
    routes.replyInbox.path,
    routes.inboxStatus.path,
  ]) {
    app.use(path.replace("{id}", ":id"), inbox);
  }
  app.openapi(routes.listInbox, handlers.inbox);
  app.openapi(routes.replyInbox, handlers.inboxReply);
  app.openapi(routes.inboxStatus, handlers.inboxStatus);
  app.openapi(routes.openInboxReport, handlers.inboxReport);

  // The dashboard (decision 055): owners, finance and marketing.
  const reports = requireStaff(deps, "reports.read");
  app.use(routes.dashboard.path, reports);
  app.use(routes.dashboardCsv.path, reports);
  app.openapi(routes.dashboard, handlers.dashboard);
  app.openapi(routes.dashboardCsv, handlers.dashboardCsv);
  // Plans, prices, provider price ids and route rules (decision 056): owners and marketing.
  const keepers = requireStaff(deps, "catalogue.manage");
  app.use(`${routes.CONSOLE_BASE}/catalogue`, keepers);
  app.use(`${routes.CONSOLE_BASE}/catalogue/*`, keepers);
  app.use(`${routes.CONSOLE_BASE}/route_rules`, keepers);
  app.use(`${routes.CONSOLE_BASE}/route_rules/*`, keepers);
  const shelf = consoleCatalogueHandlers(deps);
  app.openapi(catalogue.getCatalogue, shelf.getCatalogue);
  app.openapi(catalogue.addPlan, shelf.addPlan);
  app.openapi(catalogue.editPlan, shelf.editPlan);
  app.openapi(catalogue.setPlanVisibility, shelf.visibility);
  app.openapi(catalogue.setDefaultPlan, shelf.defaultPlan);
  app.openapi(catalogue.setPrice, shelf.price);
  app.openapi(catalogue.mapPriceId, shelf.priceId);
  app.openapi(catalogue.listRouteRules, shelf.routeRules);
  app.openapi(catalogue.saveRouteRule, shelf.saveRule);
  app.openapi(catalogue.deleteRouteRule, shelf.deleteRule);
  // Promotions, popups and coupons (decision 057): owners and marketing.
  const promotions = promotionHandlers(deps);
  const marketing = requireStaff(deps, "promotions.manage");
  for (const route of Object.values(promotionRoutes)) {
    if (typeof route === "object" && "path" in route) app.use(route.path.replace("{code}", ":code"), marketing);
  }
  app.openapi(promotionRoutes.listPromotions, promotions.list);
  app.openapi(promotionRoutes.savePromotion, promotions.save);
  app.openapi(promotionRoutes.endPromotion, promotions.end);
  app.openapi(promotionRoutes.savePopups, promotions.popups);
  app.openapi(promotionRoutes.listConsoleCoupons, promotions.coupons);
  app.openapi(promotionRoutes.couponRedemptions, promotions.redemptions);
  app.openapi(promotionRoutes.createConsoleCoupon, promotions.createCoupon);
  app.openapi(promotionRoutes.endConsoleCoupon, promotions.endCoupon);
  return app;
}
