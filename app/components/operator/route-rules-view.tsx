import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useT } from "../../i18n/translator";
import { AccountCard } from "../account/account-card";
import { useConfirmDialog } from "../account/confirm-dialog";
import { useCatalogueWork } from "./catalogue-work";
import { type RouteRuleRecord, useConsoleApi } from "./console-api";
import { CheckField, PRIMARY_BUTTON, SECONDARY_BUTTON, TextField } from "./console-fields";
import { TableHead } from "./table-head";

/** The route rules for owners and marketing (decision 056): listed by path, added, edited, removed. */
export function RouteRulesView() {
  const t = useT("operator");
  const api = useConsoleApi();
  const { ask, dialog } = useConfirmDialog();
  const list = useCatalogueWork(true);
  const form = useCatalogueWork();
  const [rules, setRules] = useState<RouteRuleRecord[]>([]);
  const [path, setPath] = useState("");
  const [target, setTarget] = useState("");
  const [permanent, setPermanent] = useState(false);

  const reload = useCallback(async () => setRules(await api.routeRules()), [api]);
  const { run: runList } = list;
  useEffect(() => {
    void runList(reload);
  }, [runList, reload]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rule = { path: path.trim(), target: target.trim(), permanent };
    const saved = await form.run(
      async () => {
        await api.saveRouteRule(rule);
        await reload();
      },
      t("routes.saved", { path: rule.path }),
    );
    if (saved) {
      setPath("");
      setTarget("");
      setPermanent(false);
    }
  }

  function edit(rule: RouteRuleRecord) {
    setPath(rule.path);
    setTarget(rule.target);
    setPermanent(rule.permanent);
    document.getElementById("route-path")?.focus();
  }

  async function remove(rule: RouteRuleRecord) {
    const yes = await ask({
      title: t("routes.removeTitle"),
      message: t("routes.removeConfirm", { path: rule.path }),
      confirmLabel: t("routes.remove"),
    });
    if (!yes) return;
    await list.run(
      async () => {
        await api.deleteRouteRule(rule.path);
        await reload();
      },
      t("routes.removed", { path: rule.path }),
    );
  }

  const _header = "p-2 text-start";
  return (
    <div className="flex flex-col gap-6">
      <AccountCard title={t("menu.routes")} busy={list.busy} notice={list.notice}>
        <p className="text-sm">{t("routes.intro")}</p>
        {rules.length === 0 && !list.busy ? <p>{t("routes.none")}</p> : null}
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("menu.routes")}</caption>
            <TableHead columns={[t("routes.path"), t("routes.target"), t("routes.kind"), t("plans.columns.actions")]} />
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.path} className="border-b border-slate-200">
                  <td className="p-2">
                    <bdi dir="ltr">{rule.path}</bdi>
                  </td>
                  <td className="p-2 break-all">
                    <bdi dir="ltr">{rule.target}</bdi>
                  </td>
                  <td className="p-2">{rule.permanent ? t("routes.permanentShort") : t("routes.temporaryShort")}</td>
                  <td className="p-2">
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        onClick={() => edit(rule)}
                        aria-label={t("routes.editOf", { path: rule.path })}
                        className={SECONDARY_BUTTON}
                      >
                        {t("routes.edit")}
                      </button>
                      <button
                        type="button"
                        onClick={() => void remove(rule)}
                        aria-label={t("routes.removeOf", { path: rule.path })}
                        className={SECONDARY_BUTTON}
                      >
                        {t("routes.remove")}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AccountCard>
      <AccountCard title={t("routes.formTitle")} busy={form.busy} notice={form.notice}>
        <form onSubmit={save} className="flex flex-wrap items-end gap-3">
          <TextField
            id="route-path"
            label={t("routes.path")}
            value={path}
            onChange={setPath}
            required
            wide
            hint={t("routes.pathHint")}
          />
          <TextField
            id="route-target"
            label={t("routes.target")}
            value={target}
            onChange={setTarget}
            required
            wide
            hint={t("routes.targetHint")}
          />
          <CheckField id="route-permanent" label={t("routes.permanent")} checked={permanent} onChange={setPermanent} />
          <button type="submit" className={PRIMARY_BUTTON}>
            {t("routes.save")}
          </button>
        </form>
      </AccountCard>
      {dialog}
    </div>
  );
}
