import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { StoryByline } from "~/components/story/story-byline";

/**
 * Issue 41 item 7: a pending story's page (its author's preview) said «Нийтэлсэн» (posted) before
 * its date; it is not published. Rendered without a catalogue, so the words show as their keys.
 */
const byline = (published: boolean) =>
  renderToString(
    createElement(
      MemoryRouter,
      null,
      createElement(StoryByline, {
        author: "saraa",
        avatarUrl: null,
        postedAt: "2026-03-05T06:00:00.000Z",
        postedOn: "2026 оны 3-р сарын 5",
        minutes: 2,
        published,
      }),
    ),
  );

describe("the story's date says what it is", () => {
  it("a story not yet published says when it was sent, not that it was posted", () => {
    const html = byline(false);
    expect(html).not.toMatch(/>posted</);
    expect(html).toMatch(/>sent<!-- -->:</);
    expect(html).toContain("2026 оны 3-р сарын 5");
  });

  it("a published story keeps «posted» for screen readers", () => {
    const html = byline(true);
    expect(html).toMatch(/class="sr-only">posted</);
    expect(html).not.toMatch(/>sent</);
  });
});
