import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { settings } from "#db/schema";
import { seed } from "#db/seed";
import { BANKS, PREMIUM_DEFAULTS } from "~/constants";
import { getT } from "~/i18next.server";
import { bankDisplayName, PAID_TIERS, type Plan, resolvePlans } from "~/lib/plans";
import en from "~/locales/en/plans.json";
import mn from "~/locales/mn/plans.json";
import { listFaq } from "~/models/faq.server";
import { loader as premiumApi } from "~/routes/api.settings.premium";
import { loader as faqPage } from "~/routes/faq";
import { getRequest, routeArgs } from "./helpers";

const SAVED = {
  prices: { daily: 2500, weekly: 9000, monthly: 24000 },
  days: { daily: 2, weekly: 10, monthly: 45 },
};

async function savePremium(value: unknown) {
  await db
    .insert(settings)
    .values({ key: "premium", value: JSON.stringify(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(value) } });
}
const clearPremium = () => db.delete(settings).where(eq(settings.key, "premium"));

const getPremium = async () =>
  premiumApi(routeArgs(getRequest("/api/settings/premium"))) as Promise<Response>;

const faqLoader = (path: string) =>
  faqPage(routeArgs(getRequest(path))) as ReturnType<typeof faqPage>;

beforeAll(async () => {
  await seed();
});
afterEach(clearPremium);

describe("GET /api/settings/premium (spec 01 §7)", () => {
  it("answers the defaults when nothing is saved", async () => {
    await clearPremium();
    const res = await getPremium();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      prices: { daily: 3000, weekly: 5000, monthly: 15000 },
      days: { daily: 3, weekly: 7, monthly: 30 },
    });
  });

  it("answers the saved settings, and nothing else, with a short public cache", async () => {
    await savePremium({ ...SAVED, extra: "not part of the contract" });
    const res = await getPremium();
    expect(await res.json()).toEqual(SAVED);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("falls back to the defaults when the saved value breaks the rules", async () => {
    await savePremium({ prices: { daily: -5, weekly: 1, monthly: 1 }, days: SAVED.days });
    expect(await (await getPremium()).json()).toEqual(PREMIUM_DEFAULTS);
  });
});

describe("FAQ listing", () => {
  it("gives the six seeded questions in each language, in order", async () => {
    const mnItems = await listFaq("mn");
    const enItems = await listFaq("en");
    expect(mnItems.map((i) => i.key)).toEqual(["q1", "q2", "q3", "q4", "q5", "q6"]);
    expect(enItems.map((i) => i.key)).toEqual(["q1", "q2", "q3", "q4", "q5", "q6"]);
    expect(mnItems[0]?.question).toMatch(/[а-яөү]/i);
    expect(enItems[0]?.question).toBe("How do I post a story?");
    for (const item of [...mnItems, ...enItems]) expect(item.answer.length).toBeGreaterThan(20);
  });

  it("the /faq loader serves the FAQ of the request's language", async () => {
    const mnPage = await faqLoader("/faq");
    const enPage = await faqLoader("/faq?lng=en");
    expect(mnPage.faq).toEqual(await listFaq("mn"));
    expect(enPage.faq).toEqual(await listFaq("en"));
    expect(mnPage.meta.title).toBe("Үнэ ба түгээмэл асуулт — StoryShare");
    expect(enPage.meta.title).toBe("Pricing and FAQ — StoryShare");
    expect(enPage.meta.description.length).toBeGreaterThan(50);
  });

  it("the /faq loader prices the plans from the saved settings, and shows the payee", async () => {
    await savePremium(SAVED);
    const page = await faqLoader("/faq");
    expect(page.plans.map((p) => [p.tier, p.price, p.days])).toEqual([
      ["free", 0, null],
      ["daily", 2500, 2],
      ["weekly", 9000, 10],
      ["monthly", 24000, 45],
    ]);
    expect(page.payee).toEqual({
      bank_name: "Khan Bank",
      bank_account: "5012345678",
      account_name: "StoryShare LLC",
    });
  });
});

describe("plan definitions (spec 01 §9)", () => {
  const plans = resolvePlans(PREMIUM_DEFAULTS);
  const byTier = Object.fromEntries(plans.map((p) => [p.tier, p])) as Record<string, Plan>;
  const has = (tier: string) => byTier[tier]!.features.filter((f) => f.included).map((f) => f.key);
  const lacks = (tier: string) =>
    byTier[tier]!.features.filter((f) => !f.included).map((f) => f.key);

  it("lists free, daily, weekly, monthly with the settings' prices and days", () => {
    expect(plans.map((p) => p.tier)).toEqual(["free", "daily", "weekly", "monthly"]);
    expect(byTier.free).toMatchObject({ price: 0, days: null });
    for (const tier of PAID_TIERS) {
      expect(byTier[tier]).toMatchObject({
        price: PREMIUM_DEFAULTS.prices[tier],
        days: PREMIUM_DEFAULTS.days[tier],
      });
    }
  });

  it("marks only the daily plan as popular", () => {
    expect(plans.filter((p) => p.popular).map((p) => p.tier)).toEqual(["daily"]);
  });

  it("free: regular section and automatic approval, no donations", () => {
    expect(has("free")).toEqual(["regularSection", "autoApproval"]);
    expect(lacks("free")).toEqual(["donationEligible"]);
  });

  it("paid tiers are cumulative and show the next tier's extras as not included", () => {
    expect(has("daily")).toEqual(["priorityReview", "donationEligible"]);
    expect(lacks("daily")).toEqual(["extendedDonation", "socialPromotion"]);
    expect(has("weekly")).toEqual([...has("daily"), "extendedDonation", "socialPromotion"]);
    expect(lacks("weekly")).toEqual(["maxDonation", "newsletter"]);
    expect(has("monthly")).toEqual([...has("weekly"), "maxDonation", "newsletter"]);
    expect(lacks("monthly")).toEqual([]);
  });

  it("every plan text it uses exists in both catalogues", () => {
    for (const catalogue of [mn, en]) {
      for (const plan of plans) {
        const tier = catalogue.tiers[plan.tier];
        expect(tier.name && tier.description && tier.bestFor).toBeTruthy();
        for (const f of plan.features) expect(catalogue.features[f.key]).toBeTruthy();
      }
    }
  });

  it("labels the paid plans '{n} Days Featured' from the days given", async () => {
    const tEn = await getT(getRequest("/faq?lng=en"), "plans");
    const tMn = await getT(getRequest("/faq"), "plans");
    expect(tEn("duration.featured", { count: 7 })).toBe("7 Days Featured");
    expect(tEn("duration.featured", { count: 1 })).toBe("1 Day Featured");
    expect(tEn("duration.standard")).toBe("Standard visibility");
    expect(tMn("duration.featured", { count: 30 })).toBe("30 хоног онцлох");
  });

  it("shows every bank in Mongolian for Mongolian readers, any other name as it is", async () => {
    const tMn = await getT(getRequest("/faq"), ["common", "plans"]);
    const tEn = await getT(getRequest("/faq?lng=en"), ["common", "plans"]);
    for (const bank of BANKS) {
      expect(bankDisplayName(tMn, bank)).toMatch(/^[А-ЯЁӨҮа-яёөү ]+$/);
      expect(bankDisplayName(tEn, bank)).toBe(bank);
    }
    expect(bankDisplayName(tMn, "Khan Bank")).toBe("Хаан банк");
    expect(bankDisplayName(tMn, "Some Other Bank")).toBe("Some Other Bank");
  });
});
