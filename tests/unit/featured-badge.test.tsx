import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client";
import { stories } from "#db/schema";
import { OwnStoryStatus } from "~/components/post-story/own-story-status";
import { StoryCard } from "~/components/story-card";
import { listFeaturedStories, listRegularStories } from "~/models/stories.server";

/**
 * Issue 41 item 16: a paid story whose featured period ended is listed among the regular
 * stories, and must look like one there: no VIP badge, no golden card.
 */
const NOW = new Date();
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000).toISOString();

beforeAll(async () => {
  const base = {
    author: "writer",
    story: "Түүхийн бие ".repeat(20),
    status: "approved" as const,
    bank_name: "Khan Bank",
    bank_account: "5000000001",
  };
  await db.insert(stories).values([
    { ...base, title: "ended", pricing_tier: "weekly", approved_at: day(-9), expires_at: day(-2) },
    { ...base, title: "running", pricing_tier: "weekly", approved_at: day(-1), expires_at: day(6) },
    { ...base, title: "free", pricing_tier: "free", approved_at: day(-1) },
  ]);
});

const card = (story: Parameters<typeof StoryCard>[0]["story"]) =>
  renderToString(
    createElement(MemoryRouter, null, createElement(StoryCard, { story, headingLevel: 3 })),
  );

describe("the featured badge follows the featured period", () => {
  it("a story whose period ended is a regular card: no VIP badge, no golden style", async () => {
    const regular = await listRegularStories({ pageSize: 10, now: NOW });
    const ended = regular.items.find((s) => s.title === "ended")!;
    const html = card(ended);
    expect(html).not.toContain("badges.vip");
    expect(html).not.toContain("border-gold");
    expect(ended.is_featured).toBe(false);
  });

  it("a story featured now keeps them", async () => {
    const featured = await listFeaturedStories({ pageSize: 10, now: NOW });
    const running = featured.items.find((s) => s.title === "running")!;
    expect(running.is_featured).toBe(true);
    const html = card(running);
    expect(html).toContain("badges.vip");
    expect(html).toContain("border-gold");
  });

  it("the same story, listed after its period, has no badge", async () => {
    const later = new Date(NOW.getTime() + 7 * 86_400_000);
    const regular = await listRegularStories({ pageSize: 10, now: later });
    const running = regular.items.find((s) => s.title === "running")!;
    expect(running.is_featured).toBe(false);
    expect(card(running)).not.toContain("badges.vip");
  });
});

describe("an own story's badge on /profile follows the featured period too", () => {
  const status = (state: Parameters<typeof OwnStoryStatus>[0]["state"]) =>
    renderToString(createElement(OwnStoryStatus, { pricingTier: "weekly", state }));

  it("is VIP while the period is to come or running, not after it or when rejected", () => {
    expect(status("pending_payment")).toContain("badges.vip");
    expect(status("featured")).toContain("badges.vip");
    expect(status("published")).not.toContain("badges.vip");
    expect(status("rejected")).not.toContain("badges.vip");
  });

  it("a free story is never VIP", () => {
    const html = renderToString(
      createElement(OwnStoryStatus, { pricingTier: "free", state: "published" }),
    );
    expect(html).not.toContain("badges.vip");
  });
});
