/**
 * The contact form, enhanced (the page works without it: the form posts to the page's action).
 * Live checks from the rules the form's attributes state, the captcha token, and a send without
 * a page load: the server's answer (this page's HTML, in the visitor's language) replaces the
 * form. Every text shown comes from the server's HTML (data-* attributes), never a catalogue here.
 */
import { captchaToken } from "../lib/captcha";
import { fieldProblem } from "../lib/field-problem";
import { setBusyOverlay } from "../lib/loading-overlay";
import { revealAndFocus, revealFirstProblem } from "../lib/reveal";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function controlsOf(form: HTMLFormElement): Control[] {
  return [...form.querySelectorAll<Control>("[data-messages]")];
}

/** Shows the control's problem next to it (or clears it); true when the value is fine. */
function check(control: Control): boolean {
  const messages = JSON.parse(control.dataset.messages ?? "{}") as Record<string, string>;
  const length = (name: "minLength" | "maxLength") => (name in control ? (control as HTMLInputElement)[name] : -1);
  const problem = fieldProblem(control.value, control.validity, {
    required: control.required,
    minLength: length("minLength"),
    maxLength: length("maxLength"),
  });
  const message = problem ? messages[problem] : undefined;
  const field = control.closest("[data-field]");
  const errorId = `${control.id}-error`;
  field?.querySelector("[data-field-error]")?.remove();
  const describedBy = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
  if (message && field) {
    const line = document.createElement("p");
    line.id = errorId;
    line.className = "text-sm text-red-700";
    line.setAttribute("role", "alert");
    line.dataset.fieldError = "";
    line.textContent = message;
    field.append(line);
    describedBy.push(errorId);
    control.setAttribute("aria-invalid", "true");
  } else {
    control.removeAttribute("aria-invalid");
  }
  if (describedBy.length > 0) control.setAttribute("aria-describedby", describedBy.join(" "));
  else control.removeAttribute("aria-describedby");
  return !message;
}

/** The form's one error line (role="alert"), above the button. */
function showFormError(form: HTMLFormElement, message: string | undefined): void {
  form.querySelector("[data-form-error]")?.remove();
  if (!message) return;
  const line = document.createElement("p");
  line.setAttribute("role", "alert");
  line.className = "rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800";
  line.dataset.formError = "";
  line.textContent = message;
  form.querySelector('button[type="submit"]')?.before(line);
  revealFirstProblem(form);
}

function setBusy(form: HTMLFormElement, busy: boolean): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  button.dataset.label ??= button.textContent ?? "";
  button.disabled = busy;
  button.textContent = busy ? (form.dataset.sending ?? button.dataset.label) : button.dataset.label;
  // The account page's overlay, over the card while the captcha and the send wait (SPEC §4).
  setBusyOverlay(form, busy);
}

async function send(form: HTMLFormElement): Promise<void> {
  setBusy(form, true);
  showFormError(form, undefined);
  const token = form.querySelector<HTMLInputElement>('input[name="recasign"]');
  try {
    if (token) token.value = await captchaToken("contact_us");
  } catch {
    setBusy(form, false);
    return showFormError(form, form.dataset.captchaFailed);
  }
  let html: string;
  try {
    html = await (await fetch(form.action, { method: "POST", body: new FormData(form) })).text();
  } catch {
    setBusy(form, false);
    return showFormError(form, form.dataset.network);
  }
  const root = form.closest("[data-contact-root]");
  const answer = new DOMParser().parseFromString(html, "text/html").querySelector("[data-contact-root]");
  if (!root || !answer) {
    setBusy(form, false);
    return showFormError(form, form.dataset.network);
  }
  root.replaceChildren(...answer.childNodes);
  const success = root.querySelector<HTMLElement>('[data-testid="form-success"]');
  if (success) return revealAndFocus(success);
  const next = root.querySelector<HTMLFormElement>("form[data-contact-form]");
  if (next) {
    enhance(next);
    revealFirstProblem(next);
  }
}

function enhance(form: HTMLFormElement): void {
  form.dataset.enhanced = "";
  const count = form.querySelector("[data-count]");
  form.addEventListener("focusout", (event) => {
    const control = event.target as Control;
    // Checked once the visitor has typed something, or when it already shows a problem.
    if (control.dataset?.messages && (control.value || control.hasAttribute("aria-invalid"))) check(control);
  });
  form.addEventListener("input", (event) => {
    const control = event.target as Control;
    if (control.name === "message" && count) count.textContent = String(control.value.trim().length);
    if (control.hasAttribute("aria-invalid")) check(control);
  });
  form.addEventListener("change", (event) => {
    const control = event.target as Control;
    if (control instanceof HTMLSelectElement && control.hasAttribute("aria-invalid")) check(control);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    const fine = controlsOf(form).map(check).every(Boolean);
    if (!fine) return revealFirstProblem(form);
    void send(form);
  });
}

const form = document.querySelector<HTMLFormElement>("form[data-contact-form]");
if (form) enhance(form);
