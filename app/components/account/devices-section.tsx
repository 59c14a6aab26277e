import { useCallback, useEffect, useState } from "react";
import { browserTimeZone, formatDateTime } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { type Device, type DeviceList, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { useConfirmDialog } from "./confirm-dialog";
import { WithValues } from "./with-values";

/** The apps bound to the account, within the plan's device limit; unbinding asks first. */
export function DevicesSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useAccountApi();
  const { ask, dialog } = useConfirmDialog();
  const [devices, setDevices] = useState<DeviceList>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const load = useCallback(async () => setDevices(await api.devices()), [api]);
  useEffect(() => {
    load()
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => setBusy(false));
  }, [load, tf]);

  async function unbind(device: Device) {
    const name = <bdi>{device.device_name}</bdi>;
    const confirmed = await ask({
      title: t("devices.confirmTitle", { name: device.device_name }),
      message: <WithValues text={t("devices.confirm")} values={{ name }} />,
      confirmLabel: t("devices.unbind"),
    });
    if (!confirmed) return;
    setBusy(true);
    setNotice(null);
    try {
      await api.unbindDevice(device);
      await load();
      setNotice({ tone: "success", text: t("devices.done", { name: device.device_name }) });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard title={t("devices.title")} busy={busy} notice={notice}>
      {devices ? (
        <>
          <p className="text-sm">{t("devices.intro", { count: devices.devices.length, limit: devices.limit })}</p>
          {devices.devices.length === 0 ? <p className="text-sm text-slate-600">{t("devices.none")}</p> : null}
          <ul className="flex flex-col gap-2">
            {devices.devices.map((device) => (
              <li
                key={`${device.app_type}-${device.device_id}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">
                    <bdi>{device.device_name}</bdi>
                  </p>
                  <p className="text-slate-600">
                    <bdi>
                      {device.app_name} · {device.platform}
                    </bdi>
                  </p>
                  <p className="text-slate-600">
                    <WithValues
                      text={t("devices.lastSeen")}
                      values={{
                        date: <bdi>{formatDateTime(new Date(device.last_seen), locale, browserTimeZone())}</bdi>,
                      }}
                    />
                  </p>
                </div>
                <button
                  type="button"
                  className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                  onClick={() => unbind(device)}
                >
                  {t("devices.unbind")}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {dialog}
    </AccountCard>
  );
}
