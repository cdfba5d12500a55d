import { contact } from "~/config.server";
import { publicOrigin } from "~/http/origin.server";
import { formatMoney } from "~/lib/format";
import { singleLine } from "~/lib/single-line";
import { monthlyGiftById } from "~/models/monthly-gifts.server";
import type { OutboxRow } from "~/models/outbox.server";
import type { Mail } from "./layout.server";

type T = (key: string, options?: Record<string, unknown>) => string;

/** Where a donor has a fresh link sent (app/routes/monthly._index.tsx). */
export const RELINK_PATH = "/monthly";

/**
 * `monthly.link`: the fresh links a donor asked for (monthly-relink.server.ts), one message for
 * all their gifts in this language. Each link is made now, so it is the newest even when a later
 * request raised the version again before this one left. Null: every gift is gone.
 */
export async function monthlyLinkMessage(
  t: T,
  row: OutboxRow,
): Promise<{ mail: Mail } | { sms: string } | null> {
  const { ids = [] } = JSON.parse(row.params) as { ids?: number[] };
  const found = await Promise.all([...ids].sort((a, b) => a - b).map(monthlyGiftById));
  const gifts = found.filter((gift) => gift !== null);
  if (!gifts.length) return null;
  const origin = publicOrigin();
  const links = gifts.map((gift) => {
    const values = { amount: formatMoney(gift.amount), code: gift.payment_code };
    const item = gift.pool
      ? t("monthly.link.itemPool", { ...values, pool: singleLine(gift.pool.name) })
      : t("monthly.link.itemSite", values);
    return {
      text: gift.status === "stopped" ? t("monthly.link.stopped", { item }) : item,
      href: `${origin}${gift.path}`,
    };
  });
  if (row.channel === "sms") {
    return { sms: t("monthly.link.sms", { links: links.map((link) => link.href).join(" ") }) };
  }
  const count = gifts.length;
  const [only] = links;
  return {
    mail: {
      brand: t("common:brand.name"),
      subject: t("monthly.link.subject", { count }),
      paragraphs: [
        t("common.greeting", { name: singleLine(gifts.at(-1)!.donor_name) }),
        t("monthly.link.intro", { count }),
        ...(count === 1 ? [only!.text] : []),
        t("monthly.link.notYou"),
      ],
      ...(count === 1
        ? { action: { lead: t("monthly.lead"), label: t("monthly.button"), href: only!.href } }
        : { sections: [{ heading: t("monthly.link.heading"), links }] }),
      footer: [t("monthly.why"), t("common.contact", { email: contact.email })],
    },
  };
}
