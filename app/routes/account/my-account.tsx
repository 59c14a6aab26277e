import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { passwordSchema } from "../../../core/validation/account-rules";
import { Field } from "../../components/forms/field";
import { PasswordRules } from "../../components/forms/password-rules";
import { PageIntro } from "../../components/page-intro";
import { useToast } from "../../components/toast";
import { browserTimeZone, formatDateTime } from "../../i18n/format";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { clearUserInfo, saveUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/my-account";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "myaccount", { namespaces: ["forms"] });
}

interface Profile {
  user_id: number;
  email: string;
  is_password_set: boolean;
  vip: { is_vip: boolean; remain_time: number; expire_at: string | null };
}
interface Device {
  app_type: number;
  app_name: string;
  platform: string;
  user_id: number;
  device_id: string;
  device_name: string;
  last_seen: string;
}
interface Subscription {
  id: number;
  plan_id: string;
  status: string;
  provider: string;
  expires_at: string | null;
  auto_renew: boolean;
}
const A = "/api/mms/account/v1/web";

function Section({ title, children, busy }: { title: string; children: ReactNode; busy?: boolean }) {
  return (
    <section aria-busy={busy} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
      {busy ? <div className="absolute inset-0 rounded-2xl bg-white/60" aria-hidden="true" /> : null}
    </section>
  );
}

export default function MyAccountPage() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { to, locale } = useLocale();
  const call = useApi();
  const toast = useToast();
  const [profile, setProfile] = useState<Profile>();
  const [ip, setIp] = useState<{ bound_ip: string | null; current_ip: string }>();
  const [devices, setDevices] = useState<{ devices: Device[]; limit: number }>();
  const [busy, setBusy] = useState<string | null>("all");
  const [ipInput, setIpInput] = useState("");
  const [subscriptions, setSubscriptions] = useState<Subscription[]>();

  const fail = useCallback((error: unknown) => toast(tf(apiErrorKey(error)), "error"), [toast, tf]);

  const load = useCallback(async () => {
    try {
      const [p, i, d, s] = await Promise.all([
        call<Profile>("GET", `${A}/profile`),
        call<{ bound_ip: string | null; current_ip: string }>("POST", `${A}/user_ip/query`, { _span: Date.now() }),
        call<{ devices: Device[]; limit: number }>("GET", `${A}/device/list`),
        call<{ subscriptions: Subscription[] }>("GET", "/api/mms/payment/v1/web/subscription_my"),
      ]);
      setSubscriptions(s.subscriptions);
      setProfile(p);
      saveUserInfo(p);
      setIp(i);
      setDevices(d);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }, [call, fail]);

  useEffect(() => {
    void load();
  }, [load]);

  const days = Math.floor((profile?.vip.remain_time ?? 0) / 86_400);
  const hours = Math.floor(((profile?.vip.remain_time ?? 0) % 86_400) / 3_600);

  return (
    <>
      <PageIntro />
      <div className="mx-auto -mt-8 mb-16 grid max-w-4xl gap-6 px-4 md:grid-cols-2">
        <Section title={t("profile.title")} busy={busy === "all"}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">{t("profile.email")}</dt>
            <dd>
              <bdi>{profile?.email ?? "…"}</bdi>
            </dd>
            <dt className="text-slate-600">{t("profile.userId")}</dt>
            <dd>
              <bdi>{profile?.user_id ?? "…"}</bdi>
            </dd>
            <dt className="text-slate-600">{t("profile.status")}</dt>
            <dd>{profile?.vip.is_vip ? t("profile.vip", { days, hours }) : t("profile.free")}</dd>
          </dl>
          {profile && !profile.vip.is_vip ? (
            <a
              href={to("/pricing")}
              className="self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
            >
              {t("profile.getVip")}
            </a>
          ) : null}
        </Section>

        <Section title={t("subscription.title")} busy={busy === "all" || busy === "subscription"}>
          {subscriptions && subscriptions.length === 0 ? <p className="text-sm">{t("subscription.none")}</p> : null}
          {(subscriptions ?? []).map((sub) => {
            const end = sub.expires_at ? formatDateTime(new Date(sub.expires_at), locale, browserTimeZone()) : "";
            return (
              <div key={sub.id} className="flex flex-col gap-1 text-sm">
                <p>
                  {t("subscription.plan")}: <bdi>{sub.plan_id}</bdi> · {t("subscription.provider")}:{" "}
                  <bdi>{sub.provider}</bdi>
                </p>
                <p>
                  {t("subscription.state")}: {t(`status.${sub.status}`)}
                </p>
                {end ? (
                  <p>
                    {sub.auto_renew && sub.status === "active"
                      ? t("subscription.renews", { date: end })
                      : t("subscription.ends", { date: end })}
                  </p>
                ) : null}
                {sub.auto_renew && (sub.status === "active" || sub.status === "past_due") ? (
                  <button
                    type="button"
                    className="mt-1 self-start rounded-lg border border-slate-400 px-3 py-1.5 font-semibold hover:bg-slate-50"
                    onClick={async () => {
                      if (!window.confirm(t("subscription.confirmCancel", { date: end }))) return;
                      setBusy("subscription");
                      try {
                        await call("POST", "/api/mms/payment/v1/web/subscription_cancel", { id: sub.id });
                        setSubscriptions(
                          (
                            await call<{ subscriptions: Subscription[] }>(
                              "GET",
                              "/api/mms/payment/v1/web/subscription_my",
                            )
                          ).subscriptions,
                        );
                        toast(t("subscription.canceled"));
                      } catch (error) {
                        fail(error);
                      } finally {
                        setBusy(null);
                      }
                    }}
                  >
                    {t("subscription.cancel")}
                  </button>
                ) : null}
              </div>
            );
          })}
        </Section>

        {profile ? (
          <PasswordSection
            passwordSet={profile.is_password_set}
            onDone={(updated) => {
              setProfile(updated);
              saveUserInfo(updated);
            }}
          />
        ) : null}

        <Section title={t("ip.title")} busy={busy === "ip" || busy === "all"}>
          <p className="text-sm">{t("ip.intro")}</p>
          {ip ? (
            <>
              <p className="text-sm">{t("ip.current", { ip: ip.current_ip })}</p>
              <p className="text-sm font-medium">{ip.bound_ip ? t("ip.bound", { ip: ip.bound_ip }) : t("ip.none")}</p>
              <form
                noValidate
                className="flex flex-wrap items-end gap-2"
                onSubmit={async (event) => {
                  event.preventDefault();
                  setBusy("ip");
                  try {
                    await call("POST", `${A}/user_ip/bind`, { ip: (ipInput || ip.current_ip).trim() });
                    setIp(await call("POST", `${A}/user_ip/query`, { _span: Date.now() }));
                    setIpInput("");
                    toast(t("ip.bindDone"));
                  } catch (error) {
                    fail(error);
                  } finally {
                    setBusy(null);
                  }
                }}
              >
                <div className="min-w-48 flex-1">
                  <Field
                    label={t("ip.label")}
                    name="ip"
                    dir="ltr"
                    inputMode="decimal"
                    placeholder={ip.current_ip}
                    value={ipInput}
                    onChange={(e) => setIpInput(e.target.value)}
                  />
                </div>
                <button
                  type="submit"
                  className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600"
                >
                  {ipInput ? t("ip.bind") : t("ip.bindCurrent")}
                </button>
              </form>
              <div className="flex flex-wrap gap-2">
                {ip.bound_ip ? (
                  <button
                    type="button"
                    className="rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
                    onClick={async () => {
                      setBusy("ip");
                      try {
                        await call("POST", `${A}/user_ip/remove`, {});
                        setIp(await call("POST", `${A}/user_ip/query`, { _span: Date.now() }));
                        toast(t("ip.removeDone"));
                      } catch (error) {
                        fail(error);
                      } finally {
                        setBusy(null);
                      }
                    }}
                  >
                    {t("ip.remove")}
                  </button>
                ) : null}
              </div>
            </>
          ) : null}
        </Section>

        <Section title={t("devices.title")} busy={busy === "devices" || busy === "all"}>
          {devices ? (
            <>
              <p className="text-sm">{t("devices.intro", { count: devices.devices.length, limit: devices.limit })}</p>
              {devices.devices.length === 0 ? <p className="text-sm text-slate-600">{t("devices.none")}</p> : null}
              <ul className="flex flex-col gap-2">
                {devices.devices.map((device) => (
                  <li
                    key={`${device.app_type}-${device.device_id}`}
                    className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm"
                  >
                    <div>
                      <p className="font-medium">
                        <bdi>{device.device_name}</bdi>
                      </p>
                      <p className="text-slate-600">
                        <bdi>
                          {device.app_name} · {device.platform}
                        </bdi>
                      </p>
                      <p className="text-slate-600">
                        {t("devices.lastSeen", {
                          date: formatDateTime(new Date(device.last_seen), locale, browserTimeZone()),
                        })}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="rounded-lg border border-slate-400 px-3 py-1.5 font-semibold hover:bg-slate-50"
                      onClick={async () => {
                        if (!window.confirm(t("devices.confirm", { name: device.device_name }))) return;
                        setBusy("devices");
                        try {
                          await call("POST", `${A}/device/unbind`, {
                            unbind_app_type: device.app_type,
                            unbind_user_id: device.user_id,
                            device_id: device.device_id,
                          });
                          setDevices(await call("GET", `${A}/device/list`));
                          toast(t("devices.done"));
                        } catch (error) {
                          fail(error);
                        } finally {
                          setBusy(null);
                        }
                      }}
                    >
                      {t("devices.unbind")}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Section>

        <div className="md:col-span-2">
          <button
            type="button"
            className="rounded-lg border border-slate-400 px-5 py-2.5 font-semibold hover:bg-slate-50"
            onClick={async () => {
              try {
                await call("POST", `${A}/logout`, {});
              } catch {
                // Logged out either way: the state below is cleared.
              }
              clearUserInfo();
              window.location.assign(to("/login"));
            }}
          >
            {t("logout")}
          </button>
        </div>
      </div>
    </>
  );
}

function PasswordSection({ passwordSet, onDone }: { passwordSet: boolean; onDone: (profile: Profile) => void }) {
  const t = useT("myaccount");
  const tf = useT("forms");
  const call = useApi();
  const toast = useToast();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const rule = passwordSchema.safeParse(password).error?.issues[0]?.message;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setServerFields({});
    if (rule || repeat !== password || (passwordSet && !current)) return;
    setBusy(true);
    try {
      const updated = passwordSet
        ? await call<Profile>("POST", `${A}/change_password`, { old_password: current, new_password: password })
        : await call<Profile>("POST", `${A}/set_password`, { password });
      toast(passwordSet ? t("password.changeDone") : t("password.setDone"));
      setCurrent("");
      setPassword("");
      setRepeat("");
      setTouched(false);
      onDone(updated);
    } catch (error) {
      setServerFields(apiFieldErrors(error));
      toast(tf(apiErrorKey(error)), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={passwordSet ? t("password.changeTitle") : t("password.setTitle")} busy={busy}>
      <p className="text-sm">{passwordSet ? t("password.changeIntro") : t("password.setIntro")}</p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {passwordSet ? (
          <Field
            label={tf("password.currentLabel")}
            password
            autoComplete="current-password"
            dir="ltr"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={(touched && !current ? "password.required" : undefined) ?? serverFields.old_password}
          />
        ) : null}
        <Field
          label={tf("password.newLabel")}
          password
          autoComplete="new-password"
          dir="ltr"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={(touched ? rule : undefined) ?? serverFields.new_password ?? serverFields.password}
        />
        <PasswordRules password={password} />
        <Field
          label={tf("password.repeatLabel")}
          password
          autoComplete="new-password"
          dir="ltr"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={touched && repeat !== password ? "password.mismatch" : undefined}
        />
        <button
          type="submit"
          disabled={busy}
          className="self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {passwordSet ? t("password.changeSubmit") : t("password.setSubmit")}
        </button>
      </form>
    </Section>
  );
}
