import { parse } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { COMMENT_MAX, commentProblem, resolveComment } from "~/lib/comment-rules";
import { CommentSchema } from "~/schemas/comment";

/**
 * The story page checks a comment in the browser without zod (decision 068); the server checks
 * it with CommentSchema. A form must get the same answer from both, or a reader would see one
 * message before sending and another after.
 */

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const texts = [
  "",
  " ",
  "   ",
  "\n\t \r\n",
  "\u00a0",
  "\u3000",
  "\ufeff",
  "a",
  " a ",
  "Сайхан түүх байна",
  "  Сайхан\nтүүх  ",
  "x".repeat(COMMENT_MAX),
  ` ${"x".repeat(COMMENT_MAX)} `,
  "x".repeat(COMMENT_MAX + 1),
  `${"😀".repeat(COMMENT_MAX / 2)}`,
  `${"😀".repeat(COMMENT_MAX / 2)}x`,
  "{{count}} $& $t(common:na)",
];

const cases: [string, [string, string][]][] = [
  ["no field at all", []],
  ["another field only", [["intent", "comment"]]],
  ...texts.map((text): [string, [string, string][]] => [
    JSON.stringify(text.length > 40 ? `${text.slice(0, 20)}… (${text.length})` : text),
    [
      ["intent", "comment"],
      ["content", text],
    ],
  ]),
];

describe("a comment's rules in the browser and on the server", () => {
  it.each(cases)("%s: the same submission", (_, entries) => {
    const browser = parse(form(entries), { resolve: resolveComment });
    const server = parseWithZod(form(entries), { schema: CommentSchema });
    expect(browser.status).toBe(server.status);
    expect(browser.payload).toEqual(server.payload);
    if (browser.status === "success" && server.status === "success") {
      expect(browser.value).toEqual(server.value);
    } else if (browser.status !== "success" && server.status !== "success") {
      expect(browser.error).toEqual(server.error);
    }
    expect(browser.reply()).toEqual(server.reply());
  });

  it("says what is wrong, as translation keys", () => {
    expect(commentProblem(undefined)).toBe("validation.commentRequired");
    expect(commentProblem("  \n ")).toBe("validation.commentRequired");
    expect(commentProblem("x".repeat(COMMENT_MAX + 1))).toBe("validation.commentTooLong");
    expect(commentProblem(` ${"x".repeat(COMMENT_MAX)} `)).toBeNull();
  });
});
