import type { RouteHandler } from "@hono/zod-openapi";
import { OPENVPN } from "../../../../content/servers";
import { vipForUser } from "../../../../core/billing/orders";
import { openVpnFileName, renderOpenVpnProfile } from "../../../../core/openvpn/profile";
import { addPeer, listPeers, revokePeer, type WireGuardPeer } from "../../../../core/wireguard/peers";
import { BRAND } from "../../../../universal/brand/brand";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./vpn-setup.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

function peerView(peer: WireGuardPeer) {
  return {
    id: peer.id,
    name: peer.name,
    public_key: peer.publicKey,
    ipv4: peer.ipv4,
    ipv6: peer.ipv6,
    created_at: peer.createdAt.toISOString(),
  };
}

export const wireguardList =
  (deps: AccountDeps): Handler<"wireguardList"> =>
  async (c) => {
    const { peers, limit, used } = await listPeers(deps.db, c.get("session").user.id);
    return c.json(ok({ keys: peers.map(peerView), limit, used }), 200);
  };

export const wireguardAdd =
  (deps: AccountDeps): Handler<"wireguardAdd"> =>
  async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("session").user.id;
    const blocked = await deps.limited(c, "wireguardKeyPerAccount", String(userId));
    if (blocked) return blocked;
    const result = await addPeer(deps.db, {
      userId,
      publicKey: body.public_key,
      name: body.name,
      pool: deps.wireguardPool,
    });
    if (result.ok) return c.json(ok(peerView(result.peer)), 200);
    switch (result.reason) {
      case "notVip":
        return errorReply(c, "vpnSetupVipOnly");
      case "limit":
        return errorReply(c, "deviceLimitReached", { limit: result.limit });
      case "keyInUse":
        return errorReply(c, "wireguardKeyInUse");
      case "poolFull":
        return errorReply(c, "wireguardAddressesExhausted");
    }
  };

export const wireguardRevoke =
  (deps: AccountDeps): Handler<"wireguardRevoke"> =>
  async (c) => {
    const { id } = c.req.valid("json");
    const revoked = await revokePeer(deps.db, { userId: c.get("session").user.id, id });
    if (!revoked) return errorReply(c, "wireguardKeyNotFound");
    return c.json(ok({ revoked: true as const }), 200);
  };

export const openVpnProfile =
  (deps: AccountDeps): Handler<"openVpnProfile"> =>
  async (c) => {
    const { region } = c.req.valid("query");
    if (!(await vipForUser(deps.db, c.get("session").user.id)).is_vip) return errorReply(c, "vpnSetupVipOnly");
    const profile = renderOpenVpnProfile(OPENVPN, region, BRAND.name);
    if (!profile) return errorReply(c, "openVpnProfileMissing");
    c.header("Content-Disposition", `attachment; filename="${openVpnFileName(BRAND.name, region)}"`);
    c.header("Cache-Control", "no-store");
    return c.body(profile, 200, { "Content-Type": "application/x-openvpn-profile" });
  };
