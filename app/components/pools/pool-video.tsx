import { useTranslation } from "react-i18next";
import { VideoIcon } from "~/components/icons";
import { useLightMode } from "~/components/light-switch";

/**
 * The pool's video. `preload="metadata"` fetches only the first bytes (duration, size, first
 * frame); the media route answers Range requests, so playing and seeking load just what is
 * watched. In light mode (decision 065) not even those: a link to the video instead.
 */
export function PoolVideo({ src, name }: { src: string; name: string }) {
  const { t } = useTranslation("pools");
  const light = useLightMode();
  if (light) {
    return (
      <section aria-labelledby="video-title" data-testid="pool-video">
        <h2 id="video-title" className="text-xl font-bold tracking-tight">
          {t("video.title")}
        </h2>
        <a
          href={src}
          className="mt-4 inline-flex items-center gap-2 rounded-lg border border-border px-4 py-2.5 text-sm font-semibold text-primary hover:bg-muted"
          aria-label={`${t("video.open")}: ${t("video.label", { name })}`}
        >
          <VideoIcon width={18} height={18} />
          {t("video.open")}
        </a>
      </section>
    );
  }
  return (
    <section aria-labelledby="video-title" data-testid="pool-video">
      <h2 id="video-title" className="text-xl font-bold tracking-tight">
        {t("video.title")}
      </h2>
      <div className="mt-4 overflow-hidden rounded-2xl border border-border bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: organisers upload their own clips; no caption track exists to offer */}
        <video
          controls
          preload="metadata"
          playsInline
          src={src}
          aria-label={t("video.label", { name })}
          className="aspect-video w-full bg-black"
        >
          <p className="p-4 text-sm text-white">
            {t("video.unsupported")}{" "}
            <a href={src} className="underline">
              {t("video.open")}
            </a>
          </p>
        </video>
      </div>
    </section>
  );
}
