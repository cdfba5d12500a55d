import { beforeAll, describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { translatorFor } from "~/i18next.server";
import { ClearConfirmationInput } from "~/models/clear-data.server";
import { PoolStatusInput } from "~/models/pool-admin.server";
import { AssignmentsInput } from "~/models/reconcile-match.server";
import { PremiumDirectInput, PremiumSettingsInput } from "~/models/settings-admin.server";
import { createUser } from "~/models/users.server";
import { action as apiClearData } from "~/routes/api.clear-all-data";
import { action as apiPoolStatus } from "~/routes/api.donation-pools.$id.status";
import { action as apiConfirm } from "~/routes/api.reconciliation.confirm";
import { action as apiPremiumDirect } from "~/routes/api.settings.premium-direct";
import { action as apiStories } from "~/routes/api.stories";
import { action as apiPassword } from "~/routes/api.user.password";
import {
  ApiChangePasswordSchema,
  ApiRegisterSchema,
  LoginSchema,
  RegisterSchema,
} from "~/schemas/auth";
import { CommentSchema } from "~/schemas/comment";
import { GeneralDonationSchema, PledgeSchema } from "~/schemas/donation";
import { PoolSchema } from "~/schemas/pool";
import { StorySchema } from "~/schemas/story";
import { translateMessage } from "~/schemas/zod";
import { jsonRequest, routeArgs, signInAs } from "./helpers";

/**
 * Issue 15, item 3: no library text reaches a client. Every field of every body schema is sent
 * every wrong type a JSON client can send, and every message it gets back must be a translation
 * that exists, in both languages.
 */

const SCHEMAS: Record<string, ZodTypeAny> = {
  LoginSchema,
  RegisterSchema,
  ApiRegisterSchema,
  CommentSchema,
  PledgeSchema,
  GeneralDonationSchema,
  PoolSchema,
  StorySchema,
  PremiumSettingsInput,
  ApiChangePasswordSchema,
  PoolStatusInput,
  ClearConfirmationInput,
  AssignmentsInput,
  PremiumDirectInput,
};

const WRONG: unknown[] = [123, -1.5, true, [], ["a"], {}, { a: 1 }, "", "not a number", null];

/** The object schema under refinements (StorySchema is an object with a superRefine). */
function shapeOf(schema: ZodTypeAny): Record<string, ZodTypeAny> {
  let inner = schema as ZodTypeAny & { shape?: Record<string, ZodTypeAny> };
  while (!inner.shape && inner._def.schema) inner = inner._def.schema;
  return inner.shape!;
}

/** zod's own English, and keys left untranslated, in any message a client could see. */
const LIBRARY_TEXT =
  /Expected \w+, received|^Required$|^Invalid (input|enum|literal)|(String|Number|Array) must/;
const KEY_LIKE = /^[\w-]+(:[\w-]+)?(\.[\w-]+)+$/;

describe("every message of every body schema is translated", () => {
  for (const lng of ["en", "mn"] as const) {
    it(`in ${lng}, for each field and each wrong type`, async () => {
      const i18n = await translatorFor(lng);
      const t = i18n.getFixedT(lng, "common") as (k: string, o?: Record<string, unknown>) => string;
      const seen = new Set<string>();
      for (const [name, schema] of Object.entries(SCHEMAS)) {
        for (const field of [...Object.keys(shapeOf(schema)), "__root"]) {
          for (const wrong of WRONG) {
            const input = field === "__root" ? wrong : { [field]: wrong };
            const result = schema.safeParse(input);
            if (result.success) continue;
            for (const issue of result.error.issues) {
              const key = issue.message.split("|")[0]!;
              const where = `${name}.${field} = ${JSON.stringify(wrong)}: ${issue.message}`;
              expect(i18n.exists(key, { ns: "common" }), `${where} (no such key)`).toBe(true);
              const text = translateMessage(t, issue.message);
              seen.add(text);
              expect(text, where).not.toMatch(LIBRARY_TEXT);
              expect(text, where).not.toMatch(KEY_LIKE);
              expect(text, where).not.toContain("{{");
              if (lng === "mn") expect(text, where).toMatch(/[а-яөүё]/i);
            }
          }
        }
      }
      expect(seen.size).toBeGreaterThan(20);
    });
  }
});

describe("POST /api/stories takes what a JSON client naturally sends", () => {
  let cookie = "";
  beforeAll(async () => {
    await createUser("input_author", "secret-pass");
    cookie = await signInAs("input_author");
  });

  const story = {
    title: "Говийн намар",
    story: "Намар болоход говийн тэнгэр улам цэлмэг, од улам ойрхон мэт санагддаг.",
    pricing_tier: "free",
    bank_name: "Khan Bank",
    bank_account: "5012345678",
    account_name: "Болд",
  };
  const post = async (body: unknown, query = "?lng=en", headers: Record<string, string> = {}) => {
    const { cookie: own, ...rest } = headers;
    const res = (await apiStories(
      routeArgs(
        jsonRequest(`/api/stories${query}`, body, { cookie: own ?? cookie, headers: rest }),
      ),
    )) as Response;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("null for an optional field means none: 201", async () => {
    const res = await post({ ...story, payment_reference: null, story_image: null });
    expect(res.status).toBe(201);
  });

  it("a number for the title: 400 saying it must be text", async () => {
    const res = await post({ ...story, title: 123 });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ title: ["This must be text."] });
  });

  it("a bank outside the list: 400 naming the allowed banks, not 'required'", async () => {
    const res = await post({ ...story, bank_name: "Foo Bank" });
    expect(res.status).toBe(400);
    const [message] = (res.body.fieldErrors as { bank_name: string[] }).bank_name;
    expect(message).toMatch(/^Choose one of: Khan Bank, Golomt Bank, /);
    const missing = await post({ ...story, bank_name: undefined });
    expect((missing.body.fieldErrors as { bank_name: string[] }).bank_name[0]).toMatch(/required/);
  });

  it("answers in ?lng, then the lng cookie, then Accept-Language, then Mongolian", async () => {
    const bad = { ...story, title: 123 };
    const title = async (query: string, headers: Record<string, string> = {}) =>
      ((await post(bad, query, headers)).body.fieldErrors as { title: string[] }).title[0];
    const english = "This must be text.";
    const mongolian = "Энэ утга текст байх ёстой.";
    expect(await title("", { "accept-language": "en-US,en;q=0.9" })).toBe(english);
    expect(await title("")).toBe(mongolian);
    const withCookie = (lng: string) => ({ cookie: `${cookie}; lng=${btoa(`"${lng}"`)}` });
    expect(await title("", { ...withCookie("mn"), "accept-language": "en" })).toBe(mongolian);
    expect(await title("?lng=en", withCookie("mn"))).toBe(english);
    expect(await title("?lng=mn", { "accept-language": "en" })).toBe(mongolian);
  });
});

describe("declared bodies are checked before the handler: 400 with translated field errors", () => {
  let member = "";
  let admin = "";
  beforeAll(async () => {
    await createUser("input_member", "secret-pass");
    await createUser("input_admin", "secret-pass", "admin");
    member = await signInAs("input_member");
    admin = await signInAs("input_admin");
  });

  type Action = (args: ReturnType<typeof routeArgs>) => Promise<Response>;
  const send = async (
    action: Action,
    path: string,
    body: unknown,
    cookie: string,
    params: Record<string, string> = {},
    method = "POST",
  ) => {
    const res = await action(
      routeArgs(jsonRequest(`${path}?lng=en`, body, { cookie, method }), params),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("PATCH /api/user/password without the current one", async () => {
    const res = await send(
      apiPassword as Action,
      "/api/user/password",
      { password: "brand-new-pass" },
      member,
      {},
      "PATCH",
    );
    expect(res).toEqual({
      status: 400,
      body: {
        error: "Some fields are not valid.",
        fieldErrors: { currentPassword: ["Enter your current password."] },
      },
    });
  });

  it("PATCH /api/donation-pools/{id}/status with an unknown status", async () => {
    const res = await send(
      apiPoolStatus as Action,
      "/api/donation-pools/1/status",
      { status: "gone" },
      admin,
      { id: "1" },
      "PATCH",
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      status: ["Status must be active, completed or archived."],
    });
  });

  it("POST /api/clear-all-data with a wrong confirmation clears nothing", async () => {
    const res = await send(
      apiClearData as Action,
      "/api/clear-all-data",
      { confirmation: "yes" },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      confirmation: ["Type the confirmation word exactly as shown."],
    });
  });

  it("POST /api/reconciliation/confirm with no assignments", async () => {
    for (const body of [{}, { assignments: [] }, { assignments: "12:pool:7" }]) {
      const res = await send(apiConfirm as Action, "/api/reconciliation/confirm", body, admin);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({ assignments: ["Select at least one transfer."] });
    }
  });

  it("PATCH /api/settings/premium-direct that is not an object", async () => {
    const res = await send(
      apiPremiumDirect as Action,
      "/api/settings/premium-direct",
      ["not", "an", "object"],
      "",
      {},
      "PATCH",
    );
    expect(res.status).toBe(400);
  });
});
