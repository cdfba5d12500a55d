import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { askToPersist, askWorker, readOffline, tellWorker, workerActive } from "~/sw/client";
import { isLanguage, SAVED_MAX, type SaveReply, type StoryAsked } from "~/sw/kept";

type State = "hidden" | "idle" | "saving" | "saved" | "failed" | "full";

/**
 * A published story's offline part (decision 066): it tells the offline worker the story was
 * read (the worker keeps the last 20), and offers "Save for offline", which keeps it until the
 * reader removes it. Shown only once the page runs and a worker is there to keep it.
 */
export function SaveForOffline({ title, image, phone }: Omit<StoryAsked, "path">) {
  const { t, i18n } = useTranslation("offline");
  // Kept at the address the reader opened (/story/7 from a card, /stories/7 from a link): the
  // one they will open again.
  const path = useLocation().pathname;
  const [state, setState] = useState<State>("hidden");
  const lang = isLanguage(i18n.language) ? i18n.language : "mn";

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per story shown, not per render.
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await workerActive())) return;
      await tellWorker({ type: "read", story: { path, title, image, phone }, lang });
      const saved = (await readOffline()).saved.some((s) => s.path === path);
      if (live) setState(saved ? "saved" : "idle");
    })();
    return () => {
      live = false;
    };
  }, [path]);

  if (state === "hidden") return null;

  const save = async () => {
    setState("saving");
    askToPersist();
    const reply = await askWorker<SaveReply>({
      type: "save",
      story: { path, title, image, phone },
      lang,
    });
    setState(reply?.ok ? "saved" : reply?.reason === "full" ? "full" : "failed");
  };
  const remove = async () => {
    await askWorker({ type: "remove", path });
    setState("idle");
  };

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="save-offline">
      {state === "saved" ? (
        <>
          <span className="text-sm font-medium text-success" data-testid="saved-offline">
            {t("save.saved")}
          </span>
          <button
            type="button"
            className="btn-outline px-3 py-2 text-sm"
            onClick={() => void remove()}
          >
            {t("save.remove")}
          </button>
          <Link to="/saved" className="text-sm font-semibold text-primary hover:underline">
            {t("save.see")}
          </Link>
        </>
      ) : (
        <button
          type="button"
          className="btn-outline px-3 py-2"
          disabled={state === "saving"}
          aria-busy={state === "saving"}
          onClick={() => void save()}
        >
          {t(state === "saving" ? "save.saving" : "save.button")}
        </button>
      )}
      <p role="status" className="basis-full text-sm text-muted-foreground empty:hidden">
        {state === "failed"
          ? t("save.failed")
          : state === "full"
            ? t("save.full", { max: SAVED_MAX })
            : ""}
      </p>
    </div>
  );
}
