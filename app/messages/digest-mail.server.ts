import { contact } from "~/config.server";
import { publicOrigin } from "~/http/origin.server";
import { singleLine } from "~/lib/single-line";
import { digestContents } from "~/models/digest.server";
import { digestUnsubscribeUrl } from "~/models/mail-preferences.server";
import { type Mail, mailQuote } from "./layout.server";

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The digest of what a person follows (issue 42 item 2), in their language: the new stories of
 * the authors they follow and the new updates of the campaigns they follow, each with its link;
 * the unsubscribe turns the digest off. Null when nothing of it is left (a story taken down, an
 * update deleted since it was queued): nothing is sent.
 */
export async function followDigestMail(
  t: T,
  lng: string,
  params: { user_id?: string; since?: string; until?: string },
) {
  if (!params.user_id || !params.since || !params.until) return null;
  const found = await digestContents(params.user_id, params.since, params.until);
  if (!found || found.storiesTotal + found.updatesTotal === 0) return null;
  const origin = publicOrigin();
  const english = lng === "en";
  const more = (total: number, shown: number) =>
    total > shown ? t("digest.more", { count: total - shown }) : undefined;
  const sections: NonNullable<Mail["sections"]> = [];
  if (found.storiesTotal > 0) {
    sections.push({
      heading: t("digest.stories", { count: found.storiesTotal }),
      links: found.stories.map((story) => ({
        text: t("digest.story", {
          title: singleLine(story.title),
          author: singleLine(story.author),
        }),
        href: `${origin}/stories/${story.id}`,
      })),
      more: more(found.storiesTotal, found.stories.length),
    });
  }
  if (found.updatesTotal > 0) {
    sections.push({
      heading: t("digest.updates", { count: found.updatesTotal }),
      links: found.updates.map((update) => ({
        text: `${t(update.is_final ? "digest.finalReport" : "digest.update", {
          pool: singleLine(update.pool),
        })} ${mailQuote((english && update.body_en) || update.body_mn)}`,
        href: `${origin}/donation-pools/${update.pool_id}#updates`,
      })),
      more: more(found.updatesTotal, found.updates.length),
    });
  }
  const unsubscribe = digestUnsubscribeUrl(params.user_id);
  const mail: Mail = {
    brand: t("common:brand.name"),
    subject: t("digest.subject", { count: found.storiesTotal + found.updatesTotal }),
    paragraphs: [t("common.greeting", { name: found.username }), t("digest.intro")],
    sections,
    action: { lead: t("digest.lead"), label: t("digest.button"), href: `${origin}/profile` },
    footer: [
      t("digest.why"),
      t("digest.unsubscribe", { url: unsubscribe }),
      t("common.contact", { email: contact.email }),
    ],
  };
  return { mail, unsubscribe };
}
