import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client";
import { outbox, users } from "#db/schema";
import { config } from "~/config.server";
import { settleDeferred } from "~/http/after-response.server";
import { sendDue } from "~/messages/sender.server";
import { createUser, verifyLogin } from "~/models/users.server";
import { loader as whoAmI } from "~/routes/api.user";
import { action as passwordApi } from "~/routes/api.user.password";
import { action as forgot } from "~/routes/forgot-password";
import { action as profileAction } from "~/routes/profile";
import { action as reset, loader as resetPage } from "~/routes/reset-password";
import { formRequest, getRequest, jsonRequest, routeArgs, signInAs } from "./helpers";

/** Issue 18: change a password (other sessions end), and reset a forgotten one by mail. */

const signedIn = async (cookie: string) =>
  (await whoAmI(routeArgs(getRequest("/api/user", cookie)))).status === 200;

beforeAll(async () => {
  const owner = await createUser("pw_owner", "secret-pass");
  await createUser("pw_mailer", "secret-pass");
  await db
    .update(users)
    .set({ email: "Mailer@Example.mn", email_confirmed_at: new Date().toISOString() })
    .where(eq(users.username, "pw_mailer"));
  expect(owner.id).toBeTruthy();
});

describe("changing a password on /profile and by /api", () => {
  it("needs the current password, ends the other sessions, keeps this one", async () => {
    const here = await signInAs("pw_owner");
    const elsewhere = await signInAs("pw_owner");
    const post = (fields: Record<string, string>) =>
      profileAction(routeArgs(formRequest("/profile", { intent: "password", ...fields }, here)));
    const wrong = await post({
      currentPassword: "nope-nope",
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(wrong).toMatchObject({
      data: {
        intent: "password",
        result: { error: { currentPassword: ["validation.currentPasswordWrong"] } },
      },
      init: { status: 400 },
    });
    const ok = (await post({
      currentPassword: "secret-pass",
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    })) as Response;
    expect(ok.status).toBe(302);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await verifyLogin("pw_owner", "secret-pass")).toBeNull();
    expect(await verifyLogin("pw_owner", "brand-new-pass")).not.toBeNull();

    const api = await passwordApi(
      routeArgs(
        jsonRequest(
          "/api/user/password",
          { currentPassword: "brand-new-pass", password: "third-pass-1" },
          { method: "PATCH", cookie: here },
        ),
      ),
    );
    expect(api.status).toBe(200);
    expect(await verifyLogin("pw_owner", "third-pass-1")).not.toBeNull();
  });
});

describe("a forgotten password", () => {
  const ask = (email: string) => forgot(routeArgs(formRequest("/forgot-password", { email })));

  it("answers the same for an unknown address, and sends nothing", async () => {
    const before = await db.$count(outbox);
    const res = await ask("nobody@example.mn");
    expect(res).toMatchObject({ data: { sent: true } });
    await settleDeferred();
    expect(await db.$count(outbox)).toBe(before);
  });

  it("is reset once through the link mailed to the confirmed address; every session ends", async () => {
    const session = await signInAs("pw_mailer");
    expect(await ask("mailer@example.mn")).toMatchObject({ data: { sent: true } });
    await settleDeferred();
    await sendDue();
    const dir = path.join(config.DATA_DIR, "mail");
    const file = readdirSync(dir).find((f) => f.endsWith("account.reset.eml"))!;
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    expect(mail.subject).toBe("Нууц үгээ шинэчлэх");
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? "")![0]);
    const url = link.pathname + link.search;
    expect((await resetPage(routeArgs(getRequest(url)))).valid).toBe(true);

    const done = (await reset(
      routeArgs(formRequest(url, { password: "after-reset-1", confirmPassword: "after-reset-1" })),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(await verifyLogin("pw_mailer", "after-reset-1")).not.toBeNull();
    expect(await signedIn(session)).toBe(false);
    // Used once: the link is void now.
    expect((await resetPage(routeArgs(getRequest(url)))).valid).toBe(false);
    const again = await reset(
      routeArgs(formRequest(url, { password: "another-one-2", confirmPassword: "another-one-2" })),
    );
    expect(again).toMatchObject({ init: { status: 400 } });
    expect(await verifyLogin("pw_mailer", "after-reset-1")).not.toBeNull();
  });

  it("an expired or forged link does nothing; asking is limited per address", async () => {
    const [mailer] = await db.select().from(users).where(eq(users.username, "pw_mailer"));
    const expired = `/reset-password?token=${mailer!.id}.${Date.now() - 1000}.forged`;
    expect((await resetPage(routeArgs(getRequest(expired)))).valid).toBe(false);
    // One was asked above; two more pass, the fourth within the hour is refused.
    expect(await ask("mailer@example.mn")).toMatchObject({ data: { sent: true } });
    expect(await ask("mailer@example.mn")).toMatchObject({ data: { sent: true } });
    expect(await ask("mailer@example.mn")).toMatchObject({ init: { status: 429 } });
  });
  it("a link signed as the site signs it is refused once its hour has passed", async () => {
    const [mailer] = await db.select().from(users).where(eq(users.username, "pw_mailer"));
    // The site's own recipe (app/models/passwords.server.ts): only the time tells these apart.
    const link = (expires: number) => {
      const signature = createHmac("sha256", config.SESSION_SECRET)
        .update(`reset:${mailer!.id}:${expires}:${mailer!.password_hash}`)
        .digest("base64url");
      return `/reset-password?token=${mailer!.id}.${expires}.${signature}`;
    };
    expect((await resetPage(routeArgs(getRequest(link(Date.now() + 60_000))))).valid).toBe(true);
    const expired = link(Date.now() - 1000);
    expect((await resetPage(routeArgs(getRequest(expired)))).valid).toBe(false);
    const refused = await reset(
      routeArgs(
        formRequest(expired, { password: "too-late-pass", confirmPassword: "too-late-pass" }),
      ),
    );
    expect(refused).toMatchObject({ init: { status: 400 } });
    expect(await verifyLogin("pw_mailer", "too-late-pass")).toBeNull();
  });

  it("asking is limited per client address too, whatever the address asked about", async () => {
    config.TRUST_PROXY = true;
    try {
      const askFrom = (ip: string, email: string) => {
        const request = formRequest("/forgot-password", { email });
        request.headers.set("x-forwarded-for", ip);
        return forgot(routeArgs(request));
      };
      for (let i = 0; i < 10; i++)
        expect(await askFrom("203.0.113.7", `someone${i}@example.mn`)).toMatchObject({
          data: { sent: true },
        });
      expect(await askFrom("203.0.113.7", "someone-else@example.mn")).toMatchObject({
        init: { status: 429 },
      });
      // Another client is not held back by the first one's asking.
      expect(await askFrom("203.0.113.8", "someone-else@example.mn")).toMatchObject({
        data: { sent: true },
      });
    } finally {
      config.TRUST_PROXY = false;
    }
  });
});

describe("the answer does not wait for the mail (issue 38 item 8)", () => {
  it("answers before any work for the address: its reset mail is queued after the answer", async () => {
    await createUser("pw_timing", "secret-pass");
    await db
      .update(users)
      .set({ email: "timing@example.mn", email_confirmed_at: new Date().toISOString() })
      .where(eq(users.username, "pw_timing"));
    const queued = () => db.$count(outbox, eq(outbox.recipient, "timing@example.mn"));
    const known = await forgot(
      routeArgs(formRequest("/forgot-password", { email: "timing@example.mn" })),
    );
    const unknown = await forgot(
      routeArgs(formRequest("/forgot-password", { email: "no-one-here@example.mn" })),
    );
    // The same answer, and nothing done yet for the known address when it was given.
    for (const answer of [known, unknown]) expect(answer).toMatchObject({ data: { sent: true } });
    expect(await queued()).toBe(0);
    await vi.waitFor(async () => expect(await queued()).toBe(1), { timeout: 3000, interval: 20 });
    const [row] = await db.select().from(outbox).where(eq(outbox.recipient, "timing@example.mn"));
    expect(row).toMatchObject({ kind: "account.reset", language: "mn", channel: "email" });
  });
});
