import { contact } from "~/config.server";
import { publicOrigin } from "~/http/origin.server";
import { formatMoney } from "~/lib/format";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import { singleLine } from "~/lib/single-line";
import { dayWord, monthWord } from "~/lib/ub-months";
import { monthlyGiftById } from "~/models/monthly-gifts.server";
import { monthPaid, payPath } from "~/models/monthly-pay.server";
import type { OutboxRow } from "~/models/outbox.server";
import { qpayConfigured } from "~/models/qpay-invoices.server";
import type { Mail } from "./layout.server";
import { monthlyLinkMessage, RELINK_PATH } from "./monthly-link-mail.server";

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * A monthly gift's messages (issue 43): the confirmations (made, changed, paused, resumed,
 * stopped), and the monthly run's (the day's reminder, paused after three missed months, stopped
 * because its campaign ended). Each says what holds now and carries the gift's own link (its
 * current version), where the donor manages it. Null: the gift is gone, or a reminder is no
 * longer wanted (the month was paid, the gift paused or stopped since it was queued).
 */
export async function monthlyMessage(
  t: T,
  lng: string,
  row: OutboxRow,
): Promise<{ mail: Mail } | { sms: string } | null> {
  if (row.kind === "monthly.link") return monthlyLinkMessage(t, row);
  const { id } = JSON.parse(row.params) as { id?: number };
  const gift = id ? await monthlyGiftById(id) : null;
  if (!gift) return null;
  const event = row.kind.slice("monthly.".length);
  const { month = "" } = JSON.parse(row.params) as { month?: string };
  if (event === "reminder" && (gift.status !== "active" || (await monthPaid(gift.id, month)))) {
    return null;
  }
  const origin = publicOrigin();
  const link = `${origin}${gift.path}`;
  const pool = gift.pool ? singleLine(gift.pool.name) : null;
  const values = {
    amount: formatMoney(gift.amount),
    day: dayWord(gift.day_of_month, lng),
    code: gift.payment_code,
    until: gift.paused_until ? monthWord(gift.paused_until, lng) : "",
    month: month ? monthWord(month, lng) : "",
    pool: pool ?? "",
    link,
    payLink: month ? `${origin}${payPath(gift.path, month)}` : link,
    report: gift.pool ? `${origin}/donation-pools/${gift.pool.id}#updates` : link,
  };
  if (row.channel === "sms") return { sms: t(`monthly.${event}.sms`, values) };
  if (event === "reminder" || event === "lapsed" || event === "ended") {
    return { mail: runMail(t, event, gift, values, pool) };
  }
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
      footer: [
        t("monthly.why"),
        t("monthly.link.lost", { link: `${publicOrigin()}${RELINK_PATH}` }),
        t("common.contact", { email: contact.email }),
      ],
    },
  };
}

type Gift = NonNullable<Awaited<ReturnType<typeof monthlyGiftById>>>;

/**
 * The monthly run's messages: the reminder's button pays the month (its QPay invoice and the
 * transfer details), the lapsed one's starts the gift again, the ended one's opens the
 * campaign's final report. The gift's own link is in the footer of each.
 */
function runMail(
  t: T,
  event: "reminder" | "lapsed" | "ended",
  gift: Gift,
  values: Record<string, string>,
  pool: string | null,
): Mail {
  const facts: [string, string][] = [
    ...(pool ? [[t("labels.campaign"), pool] as [string, string]] : []),
    [t("monthly.labels.amount"), values.amount!],
  ];
  if (event === "reminder") {
    facts.push(
      [t("labels.code"), gift.payment_code],
      [t("labels.bank"), bankDisplayName(t, gift.account.bank_name)],
      [t("labels.account"), gift.account.bank_account],
      [t("labels.holder"), accountDisplayName(t, gift.account.account_name)],
    );
  }
  const action =
    event === "reminder"
      ? {
          lead: t(qpayConfigured() ? "monthly.reminder.leadQpay" : "monthly.reminder.lead"),
          label: t("monthly.reminder.button", values),
          href: values.payLink!,
        }
      : event === "lapsed"
        ? { lead: t("monthly.lapsed.lead"), label: t("monthly.lapsed.button"), href: values.link! }
        : { lead: t("monthly.ended.lead"), label: t("monthly.ended.button"), href: values.report! };
  return {
    brand: t("common:brand.name"),
    subject: t(`monthly.${event}.subject`, values),
    paragraphs: [
      t("common.greeting", { name: singleLine(gift.donor_name) }),
      t(event === "ended" ? "monthly.ended.intro" : `monthly.${event}.intro`, values),
    ],
    facts,
    action,
    footer: [
      t("monthly.manage", values),
      t("monthly.why"),
      t("monthly.link.lost", { link: `${publicOrigin()}${RELINK_PATH}` }),
      t("common.contact", { email: contact.email }),
    ],
  };
}
