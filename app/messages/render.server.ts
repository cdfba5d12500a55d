import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import { db } from "#db/client";
import {
  comments,
  donationPools,
  donations,
  notifications,
  poolDonations,
  poolUpdates,
  stories,
  users,
} from "#db/schema";
import { contact, payee } from "~/config.server";
import { DEFAULT_LANGUAGE } from "~/constants";
import { publicOrigin } from "~/http/origin.server";
import { isLanguage, translatorFor } from "~/i18next.server";
import { formatMoney } from "~/lib/format";
import { inboxText } from "~/lib/inbox-text";
import { accountDisplayName, bankDisplayName } from "~/lib/plans";
import { singleLine } from "~/lib/single-line";
import { adminQueueCounts } from "~/models/admin-dashboard.server";
import { DIGEST_KIND } from "~/models/digest.server";
import { donorUnsubscribeUrl, unsubscribeUrl } from "~/models/mail-preferences.server";
import type { OutboxRow } from "~/models/outbox.server";
import { followDigestMail } from "./digest-mail.server";
import { type Mail, mailHtml, mailQuote, mailText } from "./layout.server";
import { monthlyMessage } from "./monthly-mail.server";

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
  /** For mail the person may turn off: the one-click unsubscribe address (RFC 8058). */
  unsubscribe?: string;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * A pledge or a site donation, with where its money goes. Names are cleaned as they are read
 * (decision 051): a row stored before the rule may hold a line break that would forge a line of
 * the mail's text, or a bidi override.
 */
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
    return row
      ? {
          ...row,
          donor_name: singleLine(row.donor_name),
          pool: singleLine(row.pool),
          account_name: singleLine(row.account_name),
        }
      : null;
  }
  const row = await db.query.donations.findFirst({
    where: eq(donations.id, id),
    columns: { donor_name: true, amount: true, payment_code: true, status_token: true },
  });
  return row
    ? {
        ...row,
        donor_name: singleLine(row.donor_name),
        pool: null,
        ...payee,
        raised: null,
        goal: null,
      }
    : null;
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

/** The link that confirms an account's address, or sets a new password, to that address. */
async function accountMail(
  t: T,
  kind: "confirm" | "reset",
  params: { user_id?: string; token?: string },
) {
  if (!params.user_id || !params.token) return null;
  const user = await db.query.users.findFirst({
    where: eq(users.id, params.user_id),
    columns: { username: true },
  });
  if (!user) return null;
  const path = kind === "confirm" ? "/account/confirm" : "/reset-password";
  const mail: Mail = {
    brand: t("common:brand.name"),
    subject: t(`account.${kind}.subject`),
    paragraphs: [t(`account.${kind}.greeting`, { name: user.username }), t(`account.${kind}.text`)],
    action: {
      lead: t(`account.${kind}.lead`),
      label: t(`account.${kind}.button`),
      href: `${publicOrigin()}${path}?token=${encodeURIComponent(params.token)}`,
    },
    footer: [t(`account.${kind}.ignore`), t("common.contact", { email: contact.email })],
  };
  return mail;
}

/** How to pay for a paid story still waiting for its payment: the amount, the account, the code. */
async function storyPayment(t: T, storyId: unknown): Promise<[string, string][] | null> {
  if (typeof storyId !== "number") return null;
  const story = await db.query.stories.findFirst({
    where: eq(stories.id, storyId),
    columns: { pricing_tier: true, price: true, payment_reference: true, payment_status: true },
  });
  if (!story || story.pricing_tier === "free" || story.payment_status !== "pending") return null;
  return [
    [t("labels.amount"), formatMoney(story.price)],
    [t("labels.bank"), bankDisplayName(t, payee.bank_name)],
    [t("labels.account"), payee.bank_account],
    [t("labels.holder"), accountDisplayName(t, payee.account_name)],
    [t("labels.code"), story.payment_reference ?? ""],
  ];
}

/** An inbox entry by e-mail: the same sentence, a link to what it is about. */
async function inboxMail(t: T, lng: string, params: { notification_id?: number }) {
  if (!params.notification_id) return null;
  const [row] = await db
    .select({
      kind: notifications.kind,
      params: notifications.params,
      user_id: users.id,
      username: users.username,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(eq(notifications.id, params.notification_id));
  if (!row) return null;
  const entry = { kind: row.kind, params: JSON.parse(row.params) };
  const { text, link } = inboxText(t, entry, lng);
  const unsubscribe = unsubscribeUrl(row.user_id, "stories");
  const payment =
    row.kind === "story.received" ? await storyPayment(t, entry.params.story_id) : null;
  const mail: Mail = {
    brand: t("common:brand.name"),
    subject: text,
    paragraphs: [
      t("common.greeting", { name: row.username }),
      text,
      ...(payment ? [t("author.payment.intro")] : []),
    ],
    facts: payment ?? undefined,
    action: { lead: t("author.lead"), label: link.label, href: `${publicOrigin()}${link.href}` },
    footer: [t("author.why"), t("author.unsubscribe", { url: unsubscribe })],
  };
  return { mail, unsubscribe };
}

/** The comments a story collected in one hour, in one e-mail to its author. */
async function commentsMail(t: T, params: { story_id?: number; since?: string }) {
  if (!params.story_id || !params.since) return null;
  const story = await db.query.stories.findFirst({
    where: eq(stories.id, params.story_id),
    columns: { id: true, title: true, user_id: true },
  });
  if (!story?.user_id) return null;
  const title = singleLine(story.title);
  const author = await db.query.users.findFirst({
    where: eq(users.id, story.user_id),
    columns: { username: true },
  });
  const until = new Date(Date.parse(params.since) + 60 * 60 * 1000).toISOString();
  const rows = await db
    .select({ author: comments.author, content: comments.content })
    .from(comments)
    .where(
      and(
        eq(comments.story_id, story.id),
        gte(comments.created_at, params.since),
        lt(comments.created_at, until),
        ne(comments.user_id, story.user_id),
      ),
    )
    .orderBy(comments.created_at);
  if (rows.length === 0 || !author) return null;
  const unsubscribe = unsubscribeUrl(story.user_id, "comments");
  const shown = rows.slice(0, 5).map((c) => `${c.author}: «${mailQuote(c.content)}»`);
  const mail: Mail = {
    brand: t("common:brand.name"),
    subject: t("author.comments.subject", { count: rows.length, title }),
    paragraphs: [
      t("common.greeting", { name: author.username }),
      t("author.comments.intro", { count: rows.length, title }),
      ...shown,
      ...(rows.length > shown.length
        ? [t("author.comments.more", { count: rows.length - shown.length })]
        : []),
    ],
    action: {
      lead: t("author.lead"),
      label: t("author.comments.button"),
      href: `${publicOrigin()}/stories/${story.id}#comments`,
    },
    footer: [t("author.why"), t("author.unsubscribe", { url: unsubscribe })],
  };
  return { mail, unsubscribe };
}

/** The administrators' digest and warning: what waits now, or what could not be sent. */
async function adminMail(t: T, row: OutboxRow) {
  const unsubscribe = await adminUnsubscribe(row.recipient);
  const footer = [
    t("admin.digest.why"),
    ...(unsubscribe ? [t("author.unsubscribe", { url: unsubscribe })] : []),
  ];
  if (row.kind === "admin.failing") {
    const { count = 0 } = JSON.parse(row.params) as { count?: number };
    const mail: Mail = {
      brand: t("common:brand.name"),
      subject: t("admin.failing.subject"),
      paragraphs: [t("admin.failing.intro", { count })],
      action: {
        lead: "",
        label: t("admin.failing.button"),
        href: `${publicOrigin()}/admin/messages?filter=failed`,
      },
      footer,
    };
    return { mail, unsubscribe };
  }
  const counts = await adminQueueCounts();
  if (counts.stories + counts.payments + counts.donations === 0) return null;
  const mail: Mail = {
    brand: t("common:brand.name"),
    subject: t("admin.digest.subject", counts),
    paragraphs: [t("admin.digest.intro")],
    facts: [
      [t("admin.digest.stories"), String(counts.stories)],
      [t("admin.digest.payments"), String(counts.payments)],
      [t("admin.digest.donations"), String(counts.donations)],
    ],
    action: { label: t("admin.digest.button"), href: `${publicOrigin()}/admin` },
    footer,
  };
  return { mail, unsubscribe };
}

/** The unsubscribe link of the administrator this address belongs to. */
async function adminUnsubscribe(email: string) {
  const user = await db.query.users.findFirst({
    where: eq(users.email, email),
    columns: { id: true },
  });
  return user ? unsubscribeUrl(user.id, "digest") : undefined;
}

/**
 * A campaign update (or its final report) to a donor of the campaign (decision 035): its text in
 * the donor's language (English falls back to Mongolian), what was spent, and for the final
 * report what was raised and what is left. Optional mail: it carries the donor's unsubscribe.
 */
async function updateMail(t: T, lng: string, params: { update_id?: number; address?: string }) {
  if (!params.update_id || !params.address) return null;
  const [row] = await db
    .select({ update: poolUpdates, pool: donationPools.name })
    .from(poolUpdates)
    .innerJoin(donationPools, eq(donationPools.id, poolUpdates.pool_id))
    .where(eq(poolUpdates.id, params.update_id));
  if (!row) return null;
  const { update } = row;
  const pool = singleLine(row.pool);
  const english = lng === "en";
  const body = (english && update.body_en) || update.body_mn;
  const spentOn = singleLine((english && update.spent_on_en) || update.spent_on_mn || "");
  const facts: [string, string][] = [];
  if (update.spent_amount !== null) {
    facts.push([t("update.spent"), `${formatMoney(update.spent_amount)} — ${spentOn}`]);
  }
  if (update.is_final && update.raised_at_close !== null) {
    const [{ spent = 0 } = {}] = await db
      .select({ spent: sql<number>`coalesce(sum(${poolUpdates.spent_amount}), 0)` })
      .from(poolUpdates)
      .where(eq(poolUpdates.pool_id, update.pool_id));
    facts.push(
      [t("update.raised"), formatMoney(update.raised_at_close)],
      [t("update.spentTotal"), formatMoney(spent)],
      [t("update.left"), formatMoney(Math.max(0, update.raised_at_close - spent))],
    );
  }
  const unsubscribe = donorUnsubscribeUrl(params.address, "updates");
  const mail: Mail = {
    brand: t("common:brand.name"),
    subject: t(update.is_final ? "update.finalSubject" : "update.subject", { pool }),
    paragraphs: [
      t(update.is_final ? "update.finalIntro" : "update.intro", { pool }),
      ...body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()),
    ],
    facts: facts.length ? facts : undefined,
    action: {
      lead: t("update.lead"),
      label: t("update.button"),
      href: `${publicOrigin()}/donation-pools/${update.pool_id}#updates`,
    },
    footer: [t("update.why"), t("update.unsubscribe", { url: unsubscribe })],
  };
  return { mail, unsubscribe };
}

export async function renderMessage(row: OutboxRow): Promise<Rendered | null> {
  const lng = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  const t = (await translatorFor(lng)).getFixedT(lng, "messages") as unknown as T;
  if (row.kind === "account.confirm" || row.kind === "account.reset") {
    const mail = await accountMail(
      t,
      row.kind === "account.confirm" ? "confirm" : "reset",
      JSON.parse(row.params),
    );
    return mail ? { subject: mail.subject, text: mailText(mail), html: mailHtml(mail, lng) } : null;
  }
  if (
    row.kind === "inbox" ||
    row.kind === "comments" ||
    row.kind === "pool.update" ||
    row.kind === DIGEST_KIND ||
    row.kind.startsWith("admin.")
  ) {
    const made =
      row.kind === DIGEST_KIND
        ? await followDigestMail(t, lng, JSON.parse(row.params))
        : row.kind === "inbox"
          ? await inboxMail(t, lng, JSON.parse(row.params))
          : row.kind === "comments"
            ? await commentsMail(t, JSON.parse(row.params))
            : row.kind === "pool.update"
              ? await updateMail(t, lng, JSON.parse(row.params))
              : await adminMail(t, row);
    if (!made) return null;
    const { mail, unsubscribe } = made;
    return { subject: mail.subject, text: mailText(mail), html: mailHtml(mail, lng), unsubscribe };
  }
  if (row.kind.startsWith("monthly.")) {
    const made = await monthlyMessage(t, lng, row);
    if (!made) return null;
    if ("sms" in made) return { subject: null, text: made.sms, html: null };
    return {
      subject: made.mail.subject,
      text: mailText(made.mail),
      html: mailHtml(made.mail, lng),
    };
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
