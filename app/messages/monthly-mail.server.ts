import { contact } from "~/config.server";
import { publicOrigin } from "~/http/origin.server";
import { formatMoney } from "~/lib/format";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import { singleLine } from "~/lib/single-line";
import { dayWord, monthWord } from "~/lib/ub-months";
import { monthlyGiftById } from "~/models/monthly-gifts.server";
import type { OutboxRow } from "~/models/outbox.server";
import type { Mail } from "./layout.server";

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * A monthly gift's confirmations (issue 43): made, changed, paused, resumed, stopped. Each says
 * what holds now and carries the gift's own link (its current version), where the donor manages
 * it. Null: the gift is gone.
 */
export async function monthlyMessage(
  t: T,
  lng: string,
  row: OutboxRow,
): Promise<{ mail: Mail } | { sms: string } | null> {
  const { id } = JSON.parse(row.params) as { id?: number };
  const gift = id ? await monthlyGiftById(id) : null;
  if (!gift) return null;
  const event = row.kind.slice("monthly.".length);
  const link = `${publicOrigin()}${gift.path}`;
  const values = {
    amount: formatMoney(gift.amount),
    day: dayWord(gift.day_of_month, lng),
    code: gift.payment_code,
    until: gift.paused_until ? monthWord(gift.paused_until, lng) : "",
    link,
  };
  if (row.channel === "sms") return { sms: t(`monthly.${event}.sms`, values) };
  const pool = gift.pool ? singleLine(gift.pool.name) : null;
  const facts: [string, string][] = [
    ...(pool ? [[t("labels.campaign"), pool] as [string, string]] : []),
    [t("monthly.labels.amount"), values.amount],
    [t("monthly.labels.day"), t("monthly.labels.dayValue", values)],
    [t("labels.code"), gift.payment_code],
  ];
  if (event === "created" || event === "resumed" || event === "changed") {
    facts.push(
      [t("labels.bank"), bankDisplayName(t, gift.account.bank_name)],
      [t("labels.account"), gift.account.bank_account],
      [t("labels.holder"), accountDisplayName(t, gift.account.account_name)],
    );
  }
  const intro =
    event === "created"
      ? pool
        ? t("monthly.created.introPool", { pool })
        : t("monthly.created.introSite")
      : t(`monthly.${event}.intro`, values);
  return {
    mail: {
      brand: t("common:brand.name"),
      subject: t(`monthly.${event}.subject`, values),
      paragraphs: [
        t("common.greeting", { name: singleLine(gift.donor_name) }),
        intro,
        ...(event === "created"
          ? [
              t(
                gift.method === "standing_order"
                  ? "monthly.created.standingOrder"
                  : "monthly.created.reminder",
                values,
              ),
            ]
          : []),
      ],
      facts,
      action: { lead: t("monthly.lead"), label: t("monthly.button"), href: link },
      footer: [t("monthly.why"), t("common.contact", { email: contact.email })],
    },
  };
}
