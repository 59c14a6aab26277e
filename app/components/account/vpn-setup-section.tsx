import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from "react";
import { OPENVPN, WIREGUARD } from "../../../content/servers";
import { browserTimeZone, formatDateTime } from "../../../universal/i18n/format";
import {
  renderWireGuardConfig,
  type WireGuardLocation,
  wireGuardFileName,
  wireGuardLocations,
} from "../../../universal/wireguard/config";
import { useT } from "../../i18n/translator";
import { saveTextFile } from "../../lib/download-file";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { generateWireGuardKeyPair } from "../../lib/wireguard-keys";
import { QrCode } from "../two-factor/qr-code";
import {
  type Profile,
  type SectionNotice,
  useAccountApi,
  type WireGuardKey,
  type WireGuardKeyList,
} from "./account-api";
import { AccountCard } from "./account-card";
import { countryName } from "./client-names";
import { useConfirmDialog } from "./confirm-dialog";
import { WithValues } from "./with-values";

const LOCATIONS = wireGuardLocations();
const OPENVPN_REGIONS = [...new Set(LOCATIONS.map((location) => location.region))].filter(
  (region) => (OPENVPN.remotes[region]?.length ?? 0) > 0,
);
const locationId = (location: WireGuardLocation) => `${location.region}/${location.city}`;

// A select is as wide as its longest option unless told otherwise: in some languages wider than a phone.
const inputClass = "min-h-11 w-full min-w-0 max-w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm";
const primaryButton =
  "min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600";
const secondaryButton =
  "min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50";

/** A configuration made in this page: the private key is in it and nowhere else. */
interface MadeConfig {
  text: string;
  fileName: string;
  keyName: string;
}

/**
 * Manual setup for routers and devices without the app (decision 044), for accounts with paid
 * time: WireGuard keys generated in the browser (only the public key is sent), their configuration
 * as a file or a QR code, revocation; and OpenVPN profiles per country.
 */
export function VpnSetupSection({ profile }: { profile: Profile }) {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useAccountApi();
  const { ask, dialog } = useConfirmDialog();
  const ids = useId();
  const vip = profile.vip.is_vip;
  const [list, setList] = useState<WireGuardKeyList>();
  const [busy, setBusy] = useState(vip);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [made, setMade] = useState<MadeConfig>();
  const [name, setName] = useState("");
  const [place, setPlace] = useState(LOCATIONS[0] ? locationId(LOCATIONS[0]) : "");
  const [port, setPort] = useState(WIREGUARD.ports[0] ?? 51820);
  const [dns, setDns] = useState(WIREGUARD.dns[0]?.id ?? "standard");
  const [ipv6, setIpv6] = useState(true);
  const [ovpnRegion, setOvpnRegion] = useState(OPENVPN_REGIONS[0] ?? "");

  const placeName = useCallback(
    (location: WireGuardLocation) =>
      `${countryName(location.countryCode, locale, location.countryCode)} · ${location.city}`,
    [locale],
  );
  const regionNames = useMemo(
    () =>
      new Map(
        LOCATIONS.map((location) => [location.region, countryName(location.countryCode, locale, location.countryCode)]),
      ),
    [locale],
  );

  const load = useCallback(async () => setList(await api.wireguardKeys()), [api]);
  useEffect(() => {
    if (!vip) return;
    load()
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => setBusy(false));
  }, [vip, load, tf]);

  async function generate(event: FormEvent) {
    event.preventDefault();
    const location = LOCATIONS.find((candidate) => locationId(candidate) === place);
    const resolver = WIREGUARD.dns.find((candidate) => candidate.id === dns) ?? WIREGUARD.dns[0];
    if (!location || !resolver) return;
    const keyName = name.trim() || placeName(location);
    setBusy(true);
    setNotice(null);
    setMade(undefined);
    try {
      const pair = await generateWireGuardKeyPair();
      const key = await api.addWireguardKey(pair.publicKey, keyName);
      const text = renderWireGuardConfig({
        privateKey: pair.privateKey,
        ipv4: key.ipv4,
        ipv6: key.ipv6,
        server: location.server,
        port,
        ipv6Enabled: ipv6,
        dns: resolver,
        persistentKeepalive: WIREGUARD.persistentKeepalive,
      });
      setMade({ text, fileName: wireGuardFileName(location), keyName });
      setName("");
      await load();
      setNotice({ tone: "success", text: t("vpnSetup.ready") });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: WireGuardKey) {
    const confirmed = await ask({
      title: t("vpnSetup.confirmTitle", { name: key.name }),
      message: t("vpnSetup.confirm"),
      confirmLabel: t("vpnSetup.revoke"),
    });
    if (!confirmed) return;
    setBusy(true);
    setNotice(null);
    try {
      await api.revokeWireguardKey(key.id);
      if (made?.keyName === key.name) setMade(undefined);
      await load();
      setNotice({ tone: "success", text: t("vpnSetup.revoked") });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function downloadProfile() {
    setNotice(null);
    try {
      await api.downloadOpenVpnProfile(ovpnRegion);
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    }
  }

  if (!vip) {
    return (
      <AccountCard id="vpn-setup" title={t("vpnSetup.title")}>
        <p className="text-sm">{t("vpnSetup.vipOnly")}</p>
      </AccountCard>
    );
  }

  return (
    <AccountCard id="vpn-setup" title={t("vpnSetup.title")} busy={busy} notice={notice}>
      <p className="text-sm">{t("vpnSetup.intro")}</p>
      {list ? <p className="text-sm">{t("vpnSetup.places", { used: list.used, limit: list.limit })}</p> : null}
      <form className="flex flex-col gap-3" onSubmit={generate}>
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-name`}>
          {t("vpnSetup.name")}
          <input
            id={`${ids}-name`}
            className={inputClass}
            value={name}
            maxLength={60}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-place`}>
          {t("vpnSetup.location")}
          <select
            id={`${ids}-place`}
            className={inputClass}
            value={place}
            onChange={(event) => setPlace(event.target.value)}
          >
            {LOCATIONS.map((location) => (
              <option key={locationId(location)} value={locationId(location)}>
                {placeName(location)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap gap-3">
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-port`}>
            {t("vpnSetup.port")}
            <select
              id={`${ids}-port`}
              className={inputClass}
              value={port}
              onChange={(event) => setPort(Number(event.target.value))}
            >
              {WIREGUARD.ports.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 max-w-full flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-dns`}>
            {t("vpnSetup.dns")}
            <select
              id={`${ids}-dns`}
              className={inputClass}
              value={dns}
              onChange={(event) => setDns(event.target.value as typeof dns)}
            >
              {WIREGUARD.dns.map((resolver) => (
                <option key={resolver.id} value={resolver.id}>
                  {resolver.id === "adblock" ? t("vpnSetup.dnsAdblock") : t("vpnSetup.dnsStandard")}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5"
            checked={ipv6}
            onChange={(event) => setIpv6(event.target.checked)}
          />
          {t("vpnSetup.ipv6")}
        </label>
        <button type="submit" className={primaryButton}>
          {t("vpnSetup.generate")}
        </button>
      </form>
      {made ? (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <p className="text-sm font-medium">{t("vpnSetup.ready")}</p>
          <button
            type="button"
            className={primaryButton}
            onClick={() => saveTextFile(made.text, made.fileName, "application/octet-stream")}
          >
            {t("vpnSetup.download")}
          </button>
          <QrCode text={made.text} label={t("vpnSetup.qrLabel")} />
        </div>
      ) : null}
      <h3 className="font-semibold">{t("vpnSetup.keys")}</h3>
      {list && list.keys.length === 0 ? <p className="text-sm text-slate-600">{t("vpnSetup.none")}</p> : null}
      <ul className="flex flex-col gap-2">
        {list?.keys.map((key) => (
          <li
            key={key.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">
                <bdi>{key.name}</bdi>
              </p>
              <p className="font-mono text-xs break-all text-slate-600" dir="ltr">
                {key.public_key}
              </p>
              <p className="text-slate-600">
                <WithValues
                  text={t("vpnSetup.addresses")}
                  values={{
                    ipv4: <bdi dir="ltr">{key.ipv4}</bdi>,
                    ipv6: <bdi dir="ltr">{key.ipv6}</bdi>,
                    date: <bdi>{formatDateTime(new Date(key.created_at), locale, browserTimeZone())}</bdi>,
                  }}
                />
              </p>
            </div>
            <button type="button" className={secondaryButton} onClick={() => revoke(key)}>
              {t("vpnSetup.revoke")}
            </button>
          </li>
        ))}
      </ul>
      {OPENVPN_REGIONS.length > 0 ? (
        <>
          <h3 className="font-semibold">{t("vpnSetup.openvpnTitle")}</h3>
          <p className="text-sm">{t("vpnSetup.openvpnIntro")}</p>
          <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${ids}-ovpn`}>
            {t("vpnSetup.country")}
            <select
              id={`${ids}-ovpn`}
              className={inputClass}
              value={ovpnRegion}
              onChange={(event) => setOvpnRegion(event.target.value as typeof ovpnRegion)}
            >
              {OPENVPN_REGIONS.map((region) => (
                <option key={region} value={region}>
                  {regionNames.get(region) ?? region}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={secondaryButton} onClick={downloadProfile}>
            {t("vpnSetup.openvpnDownload")}
          </button>
        </>
      ) : null}
      {dialog}
    </AccountCard>
  );
}
