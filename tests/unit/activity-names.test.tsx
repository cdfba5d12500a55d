import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { comments, donationPools, poolDonations, reports, stories } from "#db/schema";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { resources } from "~/locales/index.server";
import { deleteComment } from "~/models/comments.server";
import { decidePoolDonation } from "~/models/donation-decide.server";
import { rejectStory } from "~/models/moderation.server";
import { decideReport } from "~/models/report-decisions.server";
import { updateModerationSettings } from "~/models/settings-admin.server";
import { importStatement } from "~/models/statement-import.server";
import { createUser, type User } from "~/models/users.server";
import Activity, { loader } from "~/routes/admin.activity";
import { getRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 41 item 12: the activity log names what an entry is about, in words and with links,
 * never a raw value («Юу: comment», «Банкны хэлбэр: khan») or a bare id («Аян: 3», «Түүх: 1»).
 * The entries are written by the services themselves, and the page is rendered as the browser
 * gets it, in both languages.
 */

let admin: User;
let author: User;
const ids = { story: 0, rejected: 0, commented: 0, comment: 0, deleted: 0, pool: 0, pledge: 0 };

const story = (title: string, status: "pending" | "approved" = "approved") => ({
  user_id: author.id,
  author: author.username,
  title,
  story: "Намрын нэгэн өдөр.",
  pricing_tier: "free" as const,
  status,
  bank_name: "Khan Bank",
  bank_account: "5000000001",
});

beforeAll(async () => {
  admin = await createUser("log_reader", "secret-pass", "admin");
  author = await createUser("Сараа", "secret-pass");
  const made = await db
    .insert(stories)
    .values([story("Ээжийн гурилтай шөл", "pending"), story("Хаврын салхи"), story("Өвлийн шөнө")])
    .returning({ id: stories.id });
  [ids.rejected, ids.commented, ids.story] = made.map((s) => s.id) as [number, number, number];
  await rejectStory(ids.rejected, admin);

  const [kept, removed] = await db
    .insert(comments)
    .values([
      {
        story_id: ids.commented,
        user_id: author.id,
        author: author.username,
        content: "Гоё түүх байна, баярлалаа.",
      },
      {
        story_id: ids.commented,
        user_id: author.id,
        author: author.username,
        content: "Устгах сэтгэгдэл.",
      },
    ])
    .returning({ id: comments.id });
  ids.comment = kept!.id;
  ids.deleted = removed!.id;
  await deleteComment(ids.deleted, admin);

  // Readers' reports, decided: a comment hidden, and the story's author suspended.
  const reader = await createUser("reader_one", "secret-pass");
  const [onComment, onStory] = await db
    .insert(reports)
    .values([
      {
        target_type: "comment",
        target_id: ids.comment,
        target_user_id: author.id,
        reporter_id: reader.id,
        reason: "spam",
      },
      {
        target_type: "story",
        target_id: ids.story,
        target_user_id: author.id,
        reporter_id: reader.id,
        reason: "spam",
      },
    ])
    .returning({ id: reports.id });
  await decideReport(onComment!.id, admin, { action: "hide" });
  await decideReport(onStory!.id, admin, { action: "suspend", suspend_days: 7 });

  const [pool] = await db
    .insert(donationPools)
    .values({
      name: "Өвөлжөөний түлээ",
      description: "Малчдын өвөлжөөнд түлээ хүргэх аян.",
      goal_amount: 5_000_000,
      bank_name: "Khan Bank",
      bank_account: "5039184726",
      account_name: "Сан",
    })
    .returning({ id: donationPools.id });
  ids.pool = pool!.id;
  const [pledge] = await db
    .insert(poolDonations)
    .values({
      pool_id: ids.pool,
      donor_name: "Болд",
      phone_number: "99001122",
      amount: 20_000,
      transaction_reference: "REF-1",
      status_token: "activity-names-token-0001",
    })
    .returning({ id: poolDonations.id });
  ids.pledge = pledge!.id;
  await decidePoolDonation(ids.pool, ids.pledge, "verified", admin);

  const statement = readFileSync(path.resolve("docs/bank-statements/khan-bank.xlsx"));
  await importStatement(
    { name: "khan-bank.xlsx", bytes: new Uint8Array(statement) },
    "khan",
    admin,
  );
  await updateModerationSettings(admin, true);
});

async function render(lng: "mn" | "en") {
  const cookie = await signInAs("log_reader");
  const data = await loader(routeArgs(getRequest("/admin/activity", cookie)));
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources });
  const router = createMemoryRouter(
    [
      {
        id: "activity",
        path: "/admin/activity",
        element: createElement(Activity),
        loader: () => data,
      },
    ],
    { initialEntries: ["/admin/activity"], hydrationData: { loaderData: { activity: data } } },
  );
  const html = renderToString(
    createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })),
  );
  const rows = [
    ...html.matchAll(
      /<li[^>]*data-action="([^"]+)"[^>]*>([\s\S]*?)<\/li>(?=<li[^>]*data-action|<\/ol>)/g,
    ),
  ].map(([, action, body]) => ({ action: action!, html: body!, text: textOf(body!) }));
  return { rows, data };
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** The values of each field of a row (the <dd> after each <dt>), as read. */
const fieldsOf = (html: string) =>
  [...html.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g)].map(([, dt, dd]) => ({
    name: textOf(dt!),
    value: textOf(dd!),
    html: dd!,
  }));

/** Words of the code that must never reach the page as they are. */
const RAW =
  /\b(comment|story|khan|golomt|tdb|xac|manual|donation_pool|pool_donation|pending|verified|rejected|approved|hidden|spam|moderation|premium|user)\b/;

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);

describe("the activity log names and links what it is about (issue 41 item 12)", () => {
  for (const lng of ["mn", "en"] as const) {
    it(`shows no raw values or bare ids, ${lng}`, async () => {
      const { rows } = await render(lng);
      const actions = rows.map((r) => r.action);
      for (const action of [
        "story.reject",
        "comment.delete",
        "report.hide",
        "report.suspend",
        "user.suspend",
        "donation.verify",
        "statement.import",
        "settings.moderation",
      ]) {
        expect(actions, action).toContain(action);
      }
      for (const row of rows) {
        // English words can be the code's words («Free-story review»): there, each value is checked.
        if (lng === "mn") expect(row.text, `${row.action}: ${row.text}`).not.toMatch(RAW);
        // An id is a number next to a «#», or a field whose whole value is a record's number.
        expect(row.text, row.action).not.toMatch(/#\d/);
        for (const field of fieldsOf(row.html)) {
          expect(field.value, `${row.action}: ${field.name}`).not.toMatch(
            new RegExp(`^${RAW.source}$`),
          );
          const record = Object.values(ids).map(String);
          expect(
            record.includes(field.value) && !/^\d[\d,]*₮?$/.test(field.value) ? field : null,
            `${row.action}: ${field.name}: ${field.value}`,
          ).toBeNull();
        }
      }
    });
  }

  it("names each record by its title or name and links it", async () => {
    const { rows } = await render("mn");
    const row = (action: string) => rows.find((r) => r.action === action)!;

    const rejected = row("story.reject");
    expect(rejected.text).toContain("«Ээжийн гурилтай шөл»");
    expect(hrefs(rejected.html)).toContain(`/stories/${ids.rejected}`);

    const deleted = row("comment.delete");
    // The comment is gone; its story is named and linked.
    expect(deleted.text).toContain("одоо байхгүй");
    expect(deleted.text).toContain("«Хаврын салхи»");
    expect(hrefs(deleted.html)).toContain(`/stories/${ids.commented}`);

    const hidden = row("report.hide");
    expect(hidden.text).toContain("Сэтгэгдэл «Гоё түүх байна, баярлалаа.»");
    expect(hrefs(hidden.html)).toContain(`/stories/${ids.commented}#comment-${ids.comment}`);
    // Named once, as the entry's record: not again as «Юу: comment».
    expect(fieldsOf(hidden.html).find((f) => f.name === "Юу")).toBeUndefined();

    const suspended = row("user.suspend");
    expect(suspended.text).toContain("«Сараа»");
    expect(hrefs(suspended.html)).toContain(`/authors/${encodeURIComponent("Сараа")}`);
    expect(fieldsOf(suspended.html).find((f) => f.name === "Юу")?.value).toBe("Түүх «Өвлийн шөнө»");
    expect(hrefs(suspended.html)).toContain(`/stories/${ids.story}`);

    const verified = row("donation.verify");
    expect(verified.text).toContain("«Болд»");
    expect(fieldsOf(verified.html).find((f) => f.name === "Аян")?.value).toBe("«Өвөлжөөний түлээ»");
    expect(hrefs(verified.html)).toContain(`/donation-pools/${ids.pool}`);
    expect(hrefs(verified.html)).toContain(`/donation-pools/${ids.pool}/ledger`);

    const imported = row("statement.import");
    expect(fieldsOf(imported.html).find((f) => f.name === "Банкны хэлбэр")?.value).toBe(
      "Хаан банк",
    );
    expect(hrefs(imported.html)).toContain("/admin/donations/reconcile");

    const settings = row("settings.moderation");
    expect(settings.text).toContain("Үнэгүй түүхийн хяналт");
    expect(hrefs(settings.html)).toContain("/admin/settings");
  });

  it("a record deleted since is named from the entry and marked gone", async () => {
    await db.delete(stories).where(eq(stories.id, ids.rejected));
    const { rows } = await render("mn");
    const rejected = rows.find((r) => r.action === "story.reject")!;
    expect(rejected.text).toContain("«Ээжийн гурилтай шөл»");
    expect(rejected.text).toContain("одоо байхгүй");
    expect(hrefs(rejected.html)).not.toContain(`/stories/${ids.rejected}`);
  });
});
