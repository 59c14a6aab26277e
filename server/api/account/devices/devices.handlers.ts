import type { RouteHandler } from "@hono/zod-openapi";
import { bindDevice } from "../../../../core/devices/bind-device";
import { type Device, listDevices, unbindDevices } from "../../../../core/devices/devices";
import { APPS } from "../../../../universal/apps/app-registry";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./devices.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

/** A device as the API shows it, named after its application. */
function deviceView(device: Device) {
  const info = APPS.get(device.appType);
  return {
    app_type: device.appType,
    app_name: info?.product ?? String(device.appType),
    platform: info?.family ?? "unknown",
    user_id: device.userId,
    device_id: device.deviceId,
    device_name: device.deviceName,
    last_seen: device.lastSeenAt.toISOString(),
  };
}

export const deviceList =
  (deps: AccountDeps): Handler<"deviceList"> =>
  async (c) => {
    const { devices, limit } = await listDevices(deps.db, c.get("session").user.id);
    return c.json(ok({ devices: devices.map(deviceView), limit }), 200);
  };

export const deviceBind =
  (deps: AccountDeps): Handler<"deviceBind"> =>
  async (c) => {
    const body = c.req.valid("json");
    const result = await bindDevice(deps.db, {
      userId: c.get("session").user.id,
      appType: c.get("app").id,
      deviceId: body.device_id,
      deviceName: body.device_name,
    });
    if (!result.ok) return errorReply(c, "deviceLimitReached", { limit: result.limit });
    return c.json(ok(deviceView(result.device)), 200);
  };

export const deviceUnbind =
  (deps: AccountDeps): Handler<"deviceUnbind"> =>
  async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("session").user.id;
    // A user unbinds only their own devices, whatever unbind_user_id says.
    if (body.unbind_user_id !== userId) return errorReply(c, "deviceNotFound");
    const removed = await unbindDevices(deps.db, {
      userId,
      appType: body.unbind_app_type,
      deviceId: body.device_id,
    });
    if (removed === 0) return errorReply(c, "deviceNotFound");
    return c.json(ok({ removed }), 200);
  };
