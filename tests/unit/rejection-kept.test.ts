import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { createUser, type User } from "~/models/users.server";
import { action as approvalsAction } from "~/routes/admin.approvals";
import { formRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 41 item 11: a rejection refused for its fields («Бусад» without a note) came back as a
 * redirect with a toast, so without JavaScript the question closed and the chosen reason was
 * gone. The question's form posts `asked`; its refusal is answered in place with what was chosen
 * and which field is wrong, and the page opens the question again from that (ConfirmAction).
 */

let admin: string;
let author: User;

beforeAll(async () => {
  await createUser("rk_boss", "secret-pass", "admin");
  author = await createUser("rk_author", "secret-pass");
  admin = await signInAs("rk_boss");
});

async function pendingStory() {
  const [row] = await db
    .insert(stories)
    .values({
      user_id: author.id,
      author: author.username,
      title: "Голын эрэг",
      story: "Намрын нэгэн өдөр бид голын эрэг дээр суугаад нар жаргахыг харлаа.",
      pricing_tier: "free",
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      account_name: "Бат",
      status: "pending",
      payment_status: "verified",
      price: 0,
      submitted_at: new Date().toISOString(),
    })
    .returning({ id: stories.id });
  return row!.id;
}

const reject = (fields: Record<string, string>) =>
  approvalsAction(
    routeArgs(formRequest("/admin/approvals", { intent: "reject", asked: "1", ...fields }, admin)),
  ) as Promise<Response>;

describe("a refused rejection keeps its question", () => {
  it("«other» without a note: 400 with the chosen reason and the note marked; nothing changes", async () => {
    const id = await pendingStory();
    const res = await reject({ id: String(id), reason: "other", note: "  " });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      asked: {
        intent: "reject",
        id: String(id),
        values: { reason: "other", note: "  " },
        fieldErrors: { note: ["admin:validation.rejectionNoteRequired"] },
        toast: {
          type: "error",
          title: "admin:toast.failed",
          description: "admin:validation.rejectionNoteRequired",
        },
      },
    });
    const row = await db.query.stories.findFirst({ where: eq(stories.id, id) });
    expect(row?.status).toBe("pending");
  });

  it("an unknown reason marks the reason field", async () => {
    const id = await pendingStory();
    const res = await reject({ id: String(id), reason: "boring", note: "" });
    expect(res.status).toBe(400);
    const { asked } = await res.json();
    expect(Object.keys(asked.fieldErrors)).toEqual(["reason"]);
    expect(asked.values.reason).toBe("boring");
  });

  it("a refusal that is not about a field stays the redirect's toast", async () => {
    const res = await reject({ id: "99999999", reason: "rules", note: "" });
    expect(res.status).toBe(302);
  });

  it("once the note is given, the story is rejected as before", async () => {
    const id = await pendingStory();
    const res = await reject({ id: String(id), reason: "other", note: "Өөр газар нийтлэгдсэн." });
    expect(res.status).toBe(302);
    const row = await db.query.stories.findFirst({ where: eq(stories.id, id) });
    expect(row).toMatchObject({ status: "rejected", rejection_reason: "other" });
  });
});
