import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { Icon, type IconName } from "./icon";

/**
 * The building blocks of the marketing pages. Each takes catalogue keys, not text: a page lists
 * its items in code (`[{ key: "encryption", icon: "lock" }]`) and the words live in its namespace
 * as `<block>.<item>.title` / `.text` (three levels at most).
 */

export function Section({
  id,
  title,
  intro,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: "plain" | "tinted";
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={tone === "tinted" ? "bg-brand-50" : undefined}>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id={`${id}-title`} className="text-balance text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** Cards with a pictogram, a title and a sentence or two: `<prefix>.<key>.title|text`. */
export function FeatureGrid({
  namespace,
  prefix,
  items,
  columns = 3,
}: {
  namespace: string;
  prefix: string;
  /** `title`/`text` given as text replace the catalogue's (shared wording, counted forms). */
  items: ReadonlyArray<{ key: string; icon: IconName; title?: string; text?: string }>;
  columns?: 2 | 3 | 4;
}) {
  const t = useT(namespace);
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-6 ${grid}`}>
      {items.map(({ key, icon, title, text }) => (
        <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex rounded-xl bg-brand-50 p-2.5 text-brand-700">
            <Icon name={icon} />
          </span>
          <h3 className="mt-4 text-lg font-bold">{title ?? t(`${prefix}.${key}.title`)}</h3>
          <p className="mt-2 text-slate-700">{text ?? t(`${prefix}.${key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps: `<prefix>.<key>.title|text`. */
export function Steps({
  namespace,
  prefix,
  keys,
}: {
  namespace: string;
  prefix: string;
  /** A step's `text` given as text replaces the catalogue's (shared wording, counted forms). */
  keys: ReadonlyArray<string | { key: string; text?: string }>;
}) {
  const t = useT(namespace);
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {keys.map((entry, index) => {
        const { key, text } = typeof entry === "string" ? { key: entry, text: undefined } : entry;
        return (
          <li key={key} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h3 className="font-bold">{t(`${prefix}.${key}.title`)}</h3>
              <p className="mt-1 text-slate-700">{text ?? t(`${prefix}.${key}.text`)}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A question whose words are given as text (shared wording, counted forms) instead of by key. */
export interface FaqEntry {
  key: string;
  q?: string;
  a?: string;
}

/** Questions and answers that open in place (no script needed): `<prefix>.<key>.q|a`. */
export function Faq({
  namespace,
  prefix,
  keys,
}: {
  namespace: string;
  prefix: string;
  keys: ReadonlyArray<string | FaqEntry>;
}) {
  const t = useT(namespace);
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {keys.map((entry) => {
        const { key, q, a } = typeof entry === "string" ? { key: entry, q: undefined, a: undefined } : entry;
        return (
          <details key={key} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold marker:hidden">
              <span className="flex items-center justify-between gap-4">
                {q ?? t(`${prefix}.${key}.q`)}
                <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{a ?? t(`${prefix}.${key}.a`)}</p>
          </details>
        );
      })}
    </div>
  );
}

/** Paragraphs of running text: `<prefix>.<key>` for each key. */
export function Prose({ namespace, prefix, keys }: { namespace: string; prefix: string; keys: readonly string[] }) {
  const t = useT(namespace);
  return (
    <div className="flex max-w-3xl flex-col gap-4 text-lg text-slate-800">
      {keys.map((key) => (
        <p key={key}>{t(`${prefix}.${key}`)}</p>
      ))}
    </div>
  );
}

/** A closing call to action: a title, a sentence and one button. */
export function CtaBand({ title, text, label, to }: { title: string; text: string; label: string; to: string }) {
  const { to: localized } = useLocale();
  return (
    <section className="bg-gradient-to-br from-ink-900 via-brand-900 to-brand-700 text-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-14 text-center">
        <h2 className="text-balance text-3xl font-bold">{title}</h2>
        <p className="max-w-2xl text-lg text-slate-200">{text}</p>
        <Link
          to={localized(to)}
          className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {label}
        </Link>
      </div>
    </section>
  );
}

/** Text links under a block: labels are catalogue keys (with optional placeholders), paths unlocalized. */
export function LinkRow({
  namespace,
  links,
  spaced = true,
}: {
  namespace: string;
  links: ReadonlyArray<{ label: string; path: string; vars?: Record<string, string> }>;
  spaced?: boolean;
}) {
  const t = useT(namespace);
  const { to } = useLocale();
  return (
    <ul className={`flex flex-wrap gap-x-8 gap-y-3 ${spaced ? "mt-8" : ""}`}>
      {links.map(({ label, path, vars }) => (
        <li key={path}>
          <Link to={to(path)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t(label, vars)} <ForwardArrow />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The "go on" arrow after a link label; it points the reading direction (flipped in Arabic). */
export function ForwardArrow() {
  return (
    <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
      →
    </span>
  );
}
