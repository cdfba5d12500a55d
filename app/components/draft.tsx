import { useBeforeUnload, useBlocker, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";

/**
 * Drafts (issue 16): what a person types into a long form is kept in this browser as they type,
 * and given back when they return to the form — after following a link, a reload, a closed tab.
 * Leaving the page with unsent text asks first. The draft goes when the form is sent and the
 * server takes it (the page moves on), or when the person starts over.
 *
 * Only visible text fields are kept: not hidden fields, passwords or files. Without JavaScript
 * there is nothing to keep; the language and theme switches then post the form itself, so the
 * server gives back what was typed (preference-switch.server.ts).
 */

const PREFIX = "storyshare:draft:";
const SAVE_DELAY_MS = 400;
/** A draft older than this is not offered back. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

type Values = Record<string, string>;

interface Stored {
  savedAt: number;
  values: Values;
}

function kept(
  element: Element,
): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)
    return Boolean(element.name);
  if (!(element instanceof HTMLInputElement) || !element.name) return false;
  return !["hidden", "password", "file", "submit", "button", "checkbox", "radio"].includes(
    element.type,
  );
}

function readForm(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const element of Array.from(form.elements)) {
    if (kept(element)) values[element.name] = element.value;
  }
  return values;
}

function read(key: string): Stored | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    if (Date.now() - stored.savedAt > MAX_AGE_MS) return null;
    return stored;
  } catch {
    return null;
  }
}

function write(key: string, values: Values) {
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: Date.now(), values }));
  } catch {
    // Storage full or refused (private mode): the form still works, without a draft.
  }
}

function remove(key: string) {
  try {
    window.localStorage.removeItem(PREFIX + key);
  } catch {}
}

const same = (a: Values, b: Values) =>
  Object.keys({ ...a, ...b }).every((name) => (a[name] ?? "") === (b[name] ?? ""));

/** Sets a field as typing would, so the form library sees the change and checks it. */
function fill(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  element.value = value;
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

/** The kept fields' values of `stored` that this form has and that differ from it now. */
function differences(form: HTMLFormElement, stored: Values): Values {
  const now = readForm(form);
  return Object.fromEntries(
    Object.entries(stored).filter(([name, value]) => name in now && now[name] !== value),
  );
}

/**
 * Keeps the form `formId` as a draft under `key`. `view` names what is on screen (the wizard's
 * step): when it changes, the new form is the one watched.
 */
export function useDraft(formId: string, key: string, view: string | number = "") {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const initial = useRef<Values>({});
  const sending = useRef(false);
  const [restored, setRestored] = useState<number | null>(null);

  const form = useCallback(
    () => document.getElementById(formId) as HTMLFormElement | null,
    [formId],
  );
  // Read from the form itself when it matters (on leaving), not kept from input events: nothing
  // typed, pasted or filled in by the browser is missed, and typing re-renders nothing.
  const dirty = useCallback(() => {
    const element = form();
    return element ? !same(readForm(element), initial.current) : false;
  }, [form]);

  // On arrival: remember what the server filled in, and give back a draft that differs from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view is a new form to watch.
  useEffect(() => {
    const element = form();
    if (!element) return;
    initial.current = readForm(element);
    const stored = read(key);
    const changes = stored ? differences(element, stored.values) : {};
    if (stored && Object.keys(changes).length > 0) {
      for (const field of Array.from(element.elements)) {
        if (kept(field) && field.name in changes) fill(field, changes[field.name]!);
      }
      setRestored(stored.savedAt);
    } else {
      setRestored(null);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      const values = readForm(element);
      // Fields of other views (the wizard's first step) stay in the draft.
      if (!same(values, initial.current)) write(key, { ...read(key)?.values, ...values });
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    };
    const onSubmit = (event: Event) => {
      // conform checks a field on blur by submitting the form with its own intent button; that is
      // not the form being sent.
      if ((event as SubmitEvent).submitter?.getAttribute("name") === "__intent__") return;
      clearTimeout(timer);
      save();
      sending.current = true;
    };
    element.addEventListener("input", onInput);
    element.addEventListener("submit", onSubmit);
    return () => {
      // Leaving within the pause still keeps the last keystrokes.
      if (timer !== undefined) {
        clearTimeout(timer);
        save();
      }
      element.removeEventListener("input", onInput);
      element.removeEventListener("submit", onSubmit);
    };
  }, [form, key, view]);

  // Sent and taken: the server answered by moving to another page, so the draft has done its
  // work. Seen either way, whichever comes first: the navigation loading another page for the
  // sent form (React may skip rendering that state), or this page going away to a new address
  // while its form is being sent (the visitor may leave before that commit). A failed send that
  // shows the error page stays at this address and keeps the draft.
  useEffect(() => {
    if (
      sending.current &&
      navigation.state === "loading" &&
      navigation.formMethod &&
      navigation.location.pathname !== window.location.pathname
    )
      remove(key);
    // A send the server refused leaves the form on screen: from then on it is a draft again.
    if (navigation.state === "idle") sending.current = false;
  }, [navigation, key]);
  useEffect(() => {
    const here = window.location.pathname;
    return () => {
      if (sending.current && window.location.pathname !== here) remove(key);
    };
  }, [key]);

  // Leaving with unsent text asks first: the browser's own question when the page itself goes
  // (reload, closing the tab, another site), ours for a link inside the site. Sending the form
  // is not leaving it.
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (sending.current || !dirty()) return;
        event.preventDefault();
        // Older browsers ask only when a value is set.
        event.returnValue = "";
      },
      [dirty],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !sending.current && currentLocation.pathname !== nextLocation.pathname && dirty(),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(t("draft.leaveQuestion"))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  const discard = useCallback(() => {
    remove(key);
    const element = form();
    if (element) {
      for (const field of Array.from(element.elements)) {
        if (kept(field)) fill(field, initial.current[field.name] ?? "");
      }
    }
    // Filling fires the input handler, which would save the emptied form again.
    setTimeout(() => remove(key), SAVE_DELAY_MS + 50);
    setRestored(null);
  }, [form, key]);

  return { restored, discard };
}

/** "We kept what you typed", with the way to start over. */
export function DraftNotice({
  restored,
  onDiscard,
}: {
  restored: number | null;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (restored === null) return null;
  const when = formatDateTime(new Date(restored), i18n.language);
  return (
    <div
      role="status"
      data-testid="draft-notice"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/30 bg-secondary p-3 text-sm text-secondary-foreground"
    >
      <p>{t("draft.restored", { when })}</p>
      <button type="button" className="btn-outline bg-card px-3 py-1.5" onClick={onDiscard}>
        {t("draft.discard")}
      </button>
    </div>
  );
}
