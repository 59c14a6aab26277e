import { inFestival, type PromotionConfig } from "../../universal/promotions/promotion-config";
import type { DeviceKind } from "./device";

/**
 * Which popup a page shows (SPEC §4), decided by one pure function. Each popup shows at most once
 * a day (its dismissal is stored by local date); a popup the operator gave no content never shows.
 */

export type PopupKind = "festival" | "workday" | "weekend" | "mobileDaily";
export type Dismissals = Partial<Record<PopupKind, string>>;

export interface PopupInput {
  /** The visitor's local time. */
  now: Date;
  device: DeviceKind;
  onHomePage: boolean;
  dismissed: Dismissals;
  config: PromotionConfig;
}

/** Local calendar date, YYYY-MM-DD: the key a dismissal is stored under. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** SPEC §4/§9: the work week runs from Monday 06:01 to Friday 17:59 (both minutes included), local time. */
export function isWorkTime(date: Date): boolean {
  const day = date.getDay(); // 0 Sunday … 6 Saturday
  const minutes = date.getHours() * 60 + date.getMinutes();
  if (day === 0 || day === 6) return false;
  if (day === 1) return minutes >= 6 * 60 + 1;
  if (day === 5) return minutes <= 17 * 60 + 59;
  return true;
}

export function choosePopup(input: PopupInput): PopupKind | null {
  const { now, device, config } = input;
  const today = localDate(now);
  const open = (kind: PopupKind) => input.dismissed[kind] !== today;
  const festival = inFestival(config, now);
  const desktop = device === "desktop";

  if (festival && open("festival")) return "festival";
  if (desktop && isWorkTime(now) && config.popups.workday && open("workday")) return "workday";
  if (desktop && input.onHomePage && !isWorkTime(now) && !festival && config.popups.weekend && open("weekend")) {
    return "weekend";
  }
  if (device === "mobile" && !festival && config.popups.mobileDaily && open("mobileDaily")) return "mobileDaily";
  return null;
}
