import { eq } from "drizzle-orm";
import { db } from "#db/client";
import { donationPools, donations, poolDonations, users } from "#db/schema";
import { contact, payee } from "~/config.server";
import { DEFAULT_LANGUAGE } from "~/constants";
import { isLanguage, translatorFor } from "~/i18next.server";
import type { OutboxRow } from "~/models/outbox.server";
import { formatMoney } from "~/utils/format";
import { publicOrigin } from "~/utils/origin.server";
import { accountDisplayName, bankDisplayName } from "~/utils/plans";
import { type Mail, mailHtml, mailText } from "./layout.server";

/**
 * The text of a message, made when it is sent (decision 027) from its kind and the records it
 * names, in the language the person used when the event happened. An e-mail has a subject, text
 * and HTML; a text message is one short text. Null: what the message was about is gone (a
 * pledge removed with the test data), so there is nothing to say.
 */
export interface Rendered {
  subject: string | null;
  text: string;
  html: string | null;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** A pledge or a site donation, with where its money goes. */
async function donorRecord(kind: string, id: number) {
  if (kind.startsWith("pledge.")) {
    const [row] = await db
      .select({
        donor_name: poolDonations.donor_name,
        amount: poolDonations.amount,
        payment_code: poolDonations.payment_code,
        status_token: poolDonations.status_token,
        pool: donationPools.name,
        bank_name: donationPools.bank_name,
        bank_account: donationPools.bank_account,
        account_name: donationPools.account_name,
        raised: donationPools.current_amount,
        goal: donationPools.goal_amount,
      })
      .from(poolDonations)
      .innerJoin(donationPools, eq(donationPools.id, poolDonations.pool_id))
      .where(eq(poolDonations.id, id));
    return row ?? null;
  }
  const row = await db.query.donations.findFirst({
    where: eq(donations.id, id),
    columns: { donor_name: true, amount: true, payment_code: true, status_token: true },
  });
  return row ? { ...row, pool: null, ...payee, raised: null, goal: null } : null;
}

type DonorRecord = NonNullable<Awaited<ReturnType<typeof donorRecord>>>;

function donorMail(t: T, event: string, d: DonorRecord, link: string): Mail {
  const code = d.payment_code ?? "";
  const amount = formatMoney(d.amount);
  const base = {
    brand: t("common:brand.name"),
    action: { lead: t("common.status"), label: t("common.statusButton"), href: link },
    footer: [t("common.why"), t("common.contact", { email: contact.email })],
  };
  const greeting = t("common.greeting", { name: d.donor_name });
  if (event === "received") {
    return {
      ...base,
      subject: t("donor.received.subject", { code }),
      paragraphs: [
        greeting,
        d.pool ? t("donor.received.introPool", { pool: d.pool }) : t("donor.received.introSite"),
        t("donor.received.transfer"),
      ],
      facts: [
        ...(d.pool ? [[t("labels.campaign"), d.pool] as [string, string]] : []),
        [t("labels.amount"), amount],
        [t("labels.bank"), bankDisplayName(t, d.bank_name)],
        [t("labels.account"), d.bank_account],
        [t("labels.holder"), accountDisplayName(t, d.account_name)],
        [t("labels.code"), code],
      ],
    };
  }
  if (event === "verified") {
    return {
      ...base,
      subject: t("donor.verified.subject"),
      paragraphs: [
        greeting,
        d.pool ? t("donor.verified.introPool", { pool: d.pool }) : t("donor.verified.introSite"),
        ...(d.pool && d.raised !== null && d.goal !== null
          ? [
              t("donor.verified.raised", {
                raised: formatMoney(d.raised),
                goal: formatMoney(d.goal),
              }),
            ]
          : []),
        t("donor.verified.thanks"),
      ],
      facts: [[t("labels.amount"), amount]],
    };
  }
  return {
    ...base,
    subject: t("donor.rejected.subject"),
    paragraphs: [
      greeting,
      t("donor.rejected.intro"),
      t("donor.rejected.next", { email: contact.email }),
    ],
    facts: [
      [t("labels.amount"), amount],
      [t("labels.code"), code],
    ],
  };
}

function donorSms(t: T, event: string, d: DonorRecord, link: string): string {
  const values = {
    amount: formatMoney(d.amount),
    bank: bankDisplayName(t, d.bank_name),
    account: d.bank_account,
    code: d.payment_code ?? "",
    email: contact.email,
    link,
  };
  return t(`donor.${event}.sms`, values);
}

/** The link that confirms an account's address, to that address. */
async function confirmMail(t: T, params: { user_id?: string; token?: string }) {
  if (!params.user_id || !params.token) return null;
  const user = await db.query.users.findFirst({
    where: eq(users.id, params.user_id),
    columns: { username: true },
  });
  if (!user) return null;
  const mail: Mail = {
    brand: t("common:brand.name"),
    subject: t("account.confirm.subject"),
    paragraphs: [t("account.confirm.greeting", { name: user.username }), t("account.confirm.text")],
    action: {
      lead: t("account.confirm.lead"),
      label: t("account.confirm.button"),
      href: `${publicOrigin()}/account/confirm?token=${encodeURIComponent(params.token)}`,
    },
    footer: [t("account.confirm.ignore"), t("common.contact", { email: contact.email })],
  };
  return mail;
}

export async function renderMessage(row: OutboxRow): Promise<Rendered | null> {
  const lng = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  const t = (await translatorFor(lng)).getFixedT(lng, "messages") as unknown as T;
  if (row.kind === "account.confirm") {
    const mail = await confirmMail(t, JSON.parse(row.params));
    return mail ? { subject: mail.subject, text: mailText(mail), html: mailHtml(mail, lng) } : null;
  }
  const params = JSON.parse(row.params) as { id?: number };
  const [, event = ""] = row.kind.split(".");
  const record = params.id ? await donorRecord(row.kind, params.id) : null;
  if (!record) return null;
  const link = `${publicOrigin()}/donations/${record.status_token}`;
  if (row.channel === "sms") {
    return { subject: null, text: donorSms(t, event, record, link), html: null };
  }
  const mail = donorMail(t, event, record, link);
  return { subject: mail.subject, text: mailText(mail), html: mailHtml(mail, lng) };
}
