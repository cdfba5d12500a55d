import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { StoryCard } from "~/components/story-card";
import { cardView } from "~/loaders/home.server";
import type { StoryCardData } from "~/models/stories.server";

/**
 * Decision 070: the home page sends its cards only what they draw, the excerpt cut short on the
 * server. A card drawn from that must be the card drawn from the whole row, or the page would
 * change, and differ from its hydration in the browser.
 */
const card = (preview: string, image = true): StoryCardData => ({
  id: 7,
  title: "Гарчиг",
  preview,
  author: "writer",
  author_avatar_url: null,
  pricing_tier: "weekly",
  is_premium: true,
  submitted_at: "2026-11-01T00:00:00.000Z",
  expires_at: "2099-01-01T00:00:00.000Z",
  is_featured: true,
  hearts_count: 1234,
  comments_count: 5,
  image: image ? { url: "/media/a", thumbnail_url: "/media/b", width: 640, height: 427 } : null,
});

const drawn = (story: Parameters<typeof StoryCard>[0]["story"]) =>
  renderToString(
    createElement(MemoryRouter, null, createElement(StoryCard, { story, featured: true })),
  );

const x = (n: number) => "я".repeat(n);

describe("the home page's cards", () => {
  it.each([
    ["short", "Богино түүх."],
    ["exactly 120", x(120)],
    ["121", x(121)],
    ["122", x(122)],
    ["a space after 120 characters", `${x(120)} ${x(79)}`],
    ["a space at 119", `${x(119)} ${x(80)}`],
    ["runs of whitespace and lines", `  ${x(50)}\n\n   ${x(60)}\t\t ${x(80)}  `],
    ["200 characters of words", "үг ".repeat(67).slice(0, 200)],
  ])("draw the same card from what they send (%s)", (_, preview) => {
    for (const image of [true, false]) {
      const full = card(preview, image);
      const sent = cardView(full);
      expect(drawn(sent)).toBe(drawn(full));
      expect(sent.preview.length).toBeLessThanOrEqual(122);
    }
  });

  it("send none of the fields the card does not draw", () => {
    expect(Object.keys(cardView(card(x(10)))).sort()).toEqual(
      [
        "author",
        "author_avatar_url",
        "hearts_count",
        "id",
        "image",
        "is_featured",
        "preview",
        "pricing_tier",
        "title",
      ].sort(),
    );
    expect(Object.keys(cardView(card(x(10))).image!).sort()).toEqual([
      "height",
      "thumbnail_url",
      "width",
    ]);
  });
});
