import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { outbox, users } from "#db/schema";
import { config } from "~/config.server";
import { sendDue } from "~/messages/sender.server";
import { accountEmail, confirmAccountEmail } from "~/models/account-email.server";
import { mailPreferences } from "~/models/mail-preferences.server";
import { createUser, type User } from "~/models/users.server";
import { loader as confirmLoader } from "~/routes/account.confirm";
import { action as registerApi } from "~/routes/api.register";
import { action as loginAction } from "~/routes/login";
import { action as profileAction } from "~/routes/profile";
import { formRequest, getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 17: an account's optional e-mail address, confirmed by a link before anything else is
 * sent to it. Without SMTP_URL (as here) the mail is an .eml file under DATA_DIR/mail.
 */

let user: User;
let cookie: string;

beforeAll(async () => {
  user = await createUser("mail_owner", "secret-pass");
  cookie = await signInAs("mail_owner");
});

const save = (email: string, lng = "mn") =>
  profileAction(routeArgs(formRequest(`/profile?lng=${lng}`, { intent: "email", email }, cookie)));

/** The confirmation link in the newest .eml sent to `email`. */
async function linkSentTo(email: string) {
  await sendDue();
  const dir = path.join(config.DATA_DIR, "mail");
  const mails = await Promise.all(
    readdirSync(dir)
      .filter((f) => f.endsWith("account.confirm.eml"))
      .sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))
      .map((f) => simpleParser(readFileSync(path.join(dir, f)))),
  );
  const mail = mails.find((m) => m.to && "text" in m.to && m.to.text === email)!;
  const link = /https?:\/\/\S+\/account\/confirm\?token=\S+/.exec(mail.text ?? "")![0];
  return { mail, link, token: decodeURIComponent(new URL(link).searchParams.get("token")!) };
}

describe("an account's e-mail address", () => {
  it("is confirmed by the link mailed to it, in the language it was set in", async () => {
    const res = (await save("owner@example.mn", "en")) as Response;
    expect(res.status).toBe(302);
    expect(await accountEmail(user)).toEqual({ email: "owner@example.mn", confirmed: false });
    const { mail, link } = await linkSentTo("owner@example.mn");
    expect(mail.subject).toBe("Confirm your e-mail address");
    const confirmed = (await confirmLoader(
      routeArgs(getRequest(new URL(link).pathname + new URL(link).search)),
    )) as Response;
    expect(confirmed.headers.get("Location")).toBe("/profile");
    expect(await accountEmail(user)).toEqual({ email: "owner@example.mn", confirmed: true });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.language).toBe("en");
  });

  it("a link for an address since replaced, a forged or an expired one confirms nothing", async () => {
    await save("first@example.mn");
    const { token } = await linkSentTo("first@example.mn");
    await save("second@example.mn");
    expect(await confirmAccountEmail(token)).toBeNull();
    expect(await confirmAccountEmail(`${token.slice(0, -2)}xx`)).toBeNull();
    const [id, , sig] = token.split(".");
    expect(await confirmAccountEmail(`${id}.${Date.now() - 1000}.${sig}`)).toBeNull();
    expect(await accountEmail(user)).toEqual({ email: "second@example.mn", confirmed: false });
    const { token: second } = await linkSentTo("second@example.mn");
    expect(await confirmAccountEmail(second)).toBe("second@example.mn");
  });

  it("asking twice the same day sends one link; a wrong address is refused and kept", async () => {
    // The three new addresses an account may give a day are used above (decision 049): a day on.
    await db
      .update(outbox)
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where(eq(outbox.kind, "account.confirm"));
    await save("twice@example.mn");
    await save("twice@example.mn");
    const rows = await db.select().from(outbox).where(eq(outbox.recipient, "twice@example.mn"));
    expect(rows).toHaveLength(1);
    const refused = await save("not an address");
    expect(refused).toMatchObject({
      data: {
        result: {
          error: { email: ["validation.emailFormat"] },
          initialValue: { email: "not an address" },
        },
      },
      init: { status: 400 },
    });
    expect((await accountEmail(user)).email).toBe("twice@example.mn");
  });

  it("can be given at registration, on the screen and through the /api", async () => {
    const screen = await loginAction(
      routeArgs(
        formRequest("/login", {
          intent: "register",
          username: "mail_newcomer",
          password: "secret-pass",
          confirmPassword: "secret-pass",
          email: "newcomer@example.mn",
        }),
      ),
    );
    expect((screen as Response).status).toBe(302);
    const api = await registerApi(
      routeArgs(
        jsonRequest("/api/register", {
          username: "mail_scripted",
          password: "secret-pass",
          email: "scripted@example.mn",
        }),
      ),
    );
    expect(api.status).toBe(201);
    for (const address of ["newcomer@example.mn", "scripted@example.mn"]) {
      const rows = await db.select().from(outbox).where(eq(outbox.recipient, address));
      expect(rows.map((r) => r.kind)).toEqual(["account.confirm"]);
    }
    // Without one, nothing is queued and the account is made as before.
    const plain = await registerApi(
      routeArgs(jsonRequest("/api/register", { username: "mail_plain", password: "secret-pass" })),
    );
    expect(plain.status).toBe(201);
  });

  it("/profile turns a kind of mail off and on again", async () => {
    const prefs = (fields: Record<string, string>) =>
      profileAction(
        routeArgs(formRequest("/profile", { intent: "mail-preferences", ...fields }, cookie)),
      ) as Promise<Response>;
    // An unticked box is not sent: comments off, stories kept.
    const off = await prefs({ stories: "on" });
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/profile");
    expect(await mailPreferences(user)).toEqual({ stories: true, comments: false, digest: true });
    await prefs({ comments: "on" });
    expect(await mailPreferences(user)).toEqual({ stories: false, comments: true, digest: true });
    await prefs({ stories: "on", comments: "on" });
    expect(await mailPreferences(user)).toEqual({ stories: true, comments: true, digest: true });
    // Nothing muted is left (the digest is an administrator's only, and this is not one).
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.mail_muted).toBe("");
  });

  it("can be cleared", async () => {
    await save("");
    expect(await accountEmail(user)).toEqual({ email: null, confirmed: false });
  });
});
