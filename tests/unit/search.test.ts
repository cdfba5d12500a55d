import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, dbClient } from "#db/client";
import { SEARCH_WINDOW } from "~/constants";
import { rejectStory } from "~/models/moderation.server";
import { createPool } from "~/models/pool-create.server";
import { searchCounts, searchPools, searchStories } from "~/models/search.server";
import { indexMissing, mergeSearchIndex, searchSegments } from "~/models/search-index.server";
import { updateModerationSettings, updateSpamSettings } from "~/models/settings-admin.server";
import { editOwnStory } from "~/models/story-edit.server";
import { createStory } from "~/models/story-submission.server";
import { createUser, type User } from "~/models/users.server";
import { ORIGIN, routeArgs } from "./helpers";

/** Issue 19, items 1–3: search finds published stories and campaigns however the word is typed. */

let admin: User;
let author: User;
const bank = { bank_name: "TDB", bank_account: "4001002003" };
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await createUser("search_admin", "secret-pass", "admin");
  author = await createUser("Болормаа", "secret-pass");
  await updateModerationSettings(admin, false);
  await updateSpamSettings(admin, { watchedWords: "", holdFirstComments: false });
  const post = async (key: string, title: string, story: string) => {
    ids[key] = (await createStory(author, { title, story, ...bank, pricing_tier: "free" })).id;
  };
  await post(
    "winter",
    "Өвлийн өглөө Улаанбаатарт",
    "Тэр өвөл маш хүйтэн байлаа. Өвгөн аав маань өглөө бүр зуухаа түлж, бид цай ууж суудаг байв.",
  );
  await post(
    "trade",
    "Худалдааны төвд",
    "Зах дээрх худалдаа өглөөнөөс орой болтол үргэлжилдэг. Баярлалаа гэж хэлэх нь зүйтэй.",
  );
  // Waiting for review, then rejected: never found.
  await updateModerationSettings(admin, true);
  await post("hidden", "Нуугдмал өвөл", "Энэ түүхийг татгалзана, хайлтад гарах ёсгүй өвөл.");
  await rejectStory(ids.hidden!, admin);
  await updateModerationSettings(admin, false);
  await createPool(admin, {
    name: "Өвлийн түлээний аян",
    description:
      "Ахмад настнуудад өвөл түлээ нүүрс хүргэх аян. Улаанбаатар болон хөдөө орон нутагт.",
    goal_amount: 1_000_000,
    ...bank,
    account_name: "Аяны данс",
  });
});

const found = async (query: string) => (await searchStories(query)).items.map((s) => s.id);

describe("search", () => {
  it("finds a story typed in translit, in Cyrillic without ө/ү, and in proper Cyrillic", async () => {
    for (const query of ["uvgun", "овгон", "өвгөн", "ÖVGÖN", "Uvgun"]) {
      expect(await found(query), query).toEqual([ids.winter]);
    }
    for (const query of ["ulaanbaatar", "улаанбаатар", "Улаанбаатар", "ulaanbaa"]) {
      expect(await found(query), query).toContain(ids.winter);
    }
    expect(await found("hudaldaa")).toEqual([ids.trade]);
    expect(await found("bayarlalaa")).toEqual([ids.trade]);
  });

  it("needs every word, finds the author, and never a story that is not published", async () => {
    expect(await found("өвөл хүйтэн")).toEqual([ids.winter]);
    expect(await found("өвөл худалдаа")).toEqual([]);
    expect((await found("bolormaa")).sort()).toEqual([ids.winter, ids.trade].sort());
    expect(await found("нуугдмал")).toEqual([]);
    expect(await found("  ,.  ")).toEqual([]);
  });

  it("puts a title match first and marks the matching words in the title and the snippet", async () => {
    // Both stories have «өглөө» in the text; one has it in the title too.
    const { items } = await searchStories("ugluu");
    expect(items.map((s) => s.id)).toEqual([ids.winter, ids.trade]);
    expect(items[0]!.title_parts.filter((p) => p.match).map((p) => p.text)).toEqual(["өглөө"]);
    expect(items[1]!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(["өглөөнөөс"]);
  });

  it("finds campaigns by name and description, and counts both kinds", async () => {
    const pools = await searchPools("tulee");
    expect(pools.items.map((p) => p.name)).toEqual(["Өвлийн түлээний аян"]);
    expect(await searchCounts("ulaanbaatar")).toEqual({ stories: 1, pools: 1, more: false });
  });

  it("follows an edit of the story's text at once", async () => {
    await editOwnStory(
      author,
      ids.trade!,
      {
        title: "Худалдааны төвд",
        story: "Зах дээрх наймаа өглөөнөөс орой болтол үргэлжилдэг. Одоо тэмээ ч зарна.",
        ...bank,
      },
      null,
    );
    expect(await found("temee")).toEqual([ids.trade]);
    expect(await found("bayarlalaa")).toEqual([]);
  });
});

describe("GET /api/search", () => {
  it("answers what the page shows, for each kind, with the paging headers", async () => {
    const { loader } = await import("~/routes/api.search");
    const res = await loader(
      routeArgs(new Request(`${ORIGIN}/api/search?q=${encodeURIComponent("өвгөн")}`)),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    const [hit] = (await res.json()) as {
      id: number;
      snippet: { text: string; match: boolean }[];
    }[];
    expect(hit!.id).toBe(ids.winter);
    expect(hit!.snippet.some((p) => p.match && p.text === "Өвгөн")).toBe(true);
    const pools = await loader(routeArgs(new Request(`${ORIGIN}/api/search?q=tulee&type=pools`)));
    expect(((await pools.json()) as { name: string }[]).map((p) => p.name)).toEqual([
      "Өвлийн түлээний аян",
    ]);
  });
});

describe("after an author leaves", () => {
  it("kept stories are still found by their words, no longer by the name that left", async () => {
    const { deleteAccount } = await import("~/models/account-delete.server");
    const leaver = await createUser("Zolzaya", "secret-pass");
    const { id } = await createStory(leaver, {
      title: "Тэмээн жингийн зам",
      story: "Говийн элсэн цөлөөр тэмээн жин удаан алхана. Хол газар очих зам урт.",
      ...bank,
      pricing_tier: "free",
    });
    expect(await found("zolzaya")).toEqual([id]);
    await deleteAccount(leaver, {
      username: "Zolzaya",
      keep_stories: true,
      currentPassword: "secret-pass",
    });
    expect(await found("zolzaya")).toEqual([]);
    expect(await found("temeen jin")).toEqual([id]);
    // /api/search names the author as /api/stories does, never a blank.
    const { loader } = await import("~/routes/api.search");
    const res = await loader(routeArgs(new Request(`${ORIGIN}/api/search?q=temeen&lng=en`)));
    const [hit] = (await res.json()) as {
      id: number;
      author: string;
      author_parts: { text: string }[];
    }[];
    expect(hit).toMatchObject({ id, author: "Former member" });
    expect(hit!.author_parts.map((p) => p.text).join("")).toBe("Former member");
  });
});

describe("pages of results", () => {
  const published: number[] = [];
  beforeAll(async () => {
    // Twelve published stories with the word in their text, two waiting for review with it in
    // their title, so they rank first among the index's matches and the page must skip them.
    const writers = [
      await createUser("pager_one", "secret-pass"),
      await createUser("pager_two", "secret-pass"),
    ];
    for (let i = 0; i < 12; i++) {
      const { id } = await createStory(writers[i % 2]!, {
        title: `Цэцэрлэгийн түүх ${i + 1}`,
        story: `Манай хашаанд хонгорзул ургадаг. Энэ бол ${i + 1}-р зун.`,
        ...bank,
        pricing_tier: "free",
      });
      published.push(id);
    }
    await updateModerationSettings(admin, true);
    for (const writer of writers)
      await createStory(writer, {
        title: "Хонгорзул хонгорзул",
        story: "Хонгорзул цэцэг хаврын эхэнд цэцэглэнэ, хонгорзул.",
        ...bank,
        pricing_tier: "free",
      });
    await updateModerationSettings(admin, false);
  });

  it("page 2 holds the rest, each published story once, none waiting for review", async () => {
    const first = await searchStories("hongorzul", 1);
    const second = await searchStories("hongorzul", 2);
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(second).toMatchObject({ total: 12, page: 2, pageCount: 2 });
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(2);
    const read = [...first.items, ...second.items].map((s) => s.id);
    expect([...read].sort((a, b) => a - b)).toEqual(published);
    // Past the last page: the last page.
    expect((await searchStories("hongorzul", 9)).items.map((s) => s.id)).toEqual(
      second.items.map((s) => s.id),
    );
  });

  it("the search page and /api/search read the same page 2", async () => {
    const page = await import("~/routes/search");
    const data = await page.loader(
      routeArgs(new Request(`${ORIGIN}/search?q=${encodeURIComponent("хонгорзул")}&page=2`)),
    );
    const api = await import("~/routes/api.search");
    const res = await api.loader(
      routeArgs(new Request(`${ORIGIN}/api/search?q=hongorzul&type=stories&page=2`)),
    );
    expect(res.headers.get("X-Total-Count")).toBe("12");
    const hits = (await res.json()) as { id: number }[];
    expect(data.stories?.page).toBe(2);
    expect(data.stories?.items.map((s) => s.id)).toEqual(hits.map((h) => h.id));
    expect(hits).toHaveLength(2);
  });
});

describe("a word in more stories than a search reads (issue 45)", () => {
  const many = SEARCH_WINDOW + 40;
  let oldestTitled: number;
  let newestTitled: number;
  beforeAll(async () => {
    // Written around the service layer for speed, then indexed as the setup indexes a restored
    // backup (indexMissing), which also fills the index's word list.
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${many})
      INSERT INTO stories (author, title, story, pricing_tier, status, bank_name, bank_account)
      SELECT 'Тэмүүлэн', CASE WHEN i IN (3, ${many - 5}) THEN 'Тарвага агнах' ELSE 'Хээр ' || i END,
             'Тал нутагт тарвага олон. Өдөр бүр ' || i || ' удаа харав.', 'free', 'approved',
             'TDB', '4001002003'
        FROM n`);
    await indexMissing();
    const titled = await db.all<{ id: number }>(
      sql`SELECT id FROM stories WHERE title = 'Тарвага агнах' ORDER BY id`,
    );
    oldestTitled = Number(titled[0]!.id);
    newestTitled = Number(titled[1]!.id);
  });

  it("counts the newest matches and says there are more", async () => {
    expect(await searchCounts("tarvaga")).toEqual({ stories: SEARCH_WINDOW, pools: 0, more: true });
    const first = await searchStories("tarvaga");
    expect(first).toMatchObject({
      total: SEARCH_WINDOW,
      more: true,
      pageCount: SEARCH_WINDOW / 10,
    });
    // Past the newest matches: their last page.
    const last = await searchStories("tarvaga", 999);
    expect(last.page).toBe(SEARCH_WINDOW / 10);
    expect(last.items).toHaveLength(10);
  });

  it("ranks a title match first among them, then the newest; an older one is beyond the window", async () => {
    const { items } = await searchStories("tarvaga");
    expect(items[0]!.id).toBe(newestTitled);
    const rest = items.slice(1).map((s) => s.id);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    const read: number[] = [];
    for (let page = 1; page <= SEARCH_WINDOW / 10; page++)
      read.push(...(await searchStories("tarvaga", page)).items.map((s) => s.id));
    expect(new Set(read).size).toBe(SEARCH_WINDOW);
    expect(read).not.toContain(oldestTitled);
    // Another word narrows the search to it.
    expect((await searchStories("tarvaga agnah")).items.map((s) => s.id)).toEqual([
      newestTitled,
      oldestTitled,
    ]);
  });

  it("the search page and /api/search say there are more", async () => {
    const page = await import("~/routes/search");
    const data = await page.loader(routeArgs(new Request(`${ORIGIN}/search?q=tarvaga`)));
    expect(data.counts).toMatchObject({ stories: SEARCH_WINDOW, more: true });
    expect(data.stories?.more).toBe(true);
    const api = await import("~/routes/api.search");
    const res = await api.loader(routeArgs(new Request(`${ORIGIN}/api/search?q=tarvaga`)));
    expect(res.headers.get("X-Total-Count")).toBe(String(SEARCH_WINDOW));
    expect(res.headers.get("X-More-Matches")).toBe("true");
    const few = await api.loader(routeArgs(new Request(`${ORIGIN}/api/search?q=tarvaga+agnah`)));
    expect(few.headers.get("X-More-Matches")).toBe("false");
  });

  it("reads only the window from the index, whatever the number of matches", async () => {
    const spy = vi.spyOn(dbClient, "execute");
    await searchStories("tarvaga", 3);
    const statements = spy.mock.calls.map(([stmt]) =>
      typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql,
    );
    spy.mockRestore();
    // Every walk of the index is bounded: by LIMIT/OFFSET of the window, or by a rowid written in.
    for (const text of statements.filter((t) => t.includes("MATCH"))) {
      expect(text).toMatch(/LIMIT 1 OFFSET \?|rowid >= \d+/);
    }
  });
});

describe("a beginning shared by many words", () => {
  it("is looked up as a prefix, and a longer one as the words it begins", async () => {
    const writer = await createUser("prefix_writer", "secret-pass");
    const words = Array.from({ length: 70 }, (_, i) => `kam${i}`).join(" ");
    const { id } = await createStory(writer, {
      title: "Үгийн жагсаалт",
      story: `Энд олон үг бий: ${words}.`,
      ...bank,
      pricing_tier: "free",
    });
    expect(await found("kam")).toEqual([id]);
    expect(await found("kam6")).toEqual([id]);
    expect(await found("kam69")).toEqual([id]);
    expect(await found("kam70")).toEqual([]);
  });
});

describe("the index's upkeep (the sender's minute scan)", () => {
  it("merges the index into one segment once the small ones hold a tenth of the largest", async () => {
    expect((await searchSegments()).length).toBeGreaterThan(1);
    const before = {
      page: (await searchStories("tarvaga", 2)).items.map((s) => s.id),
      counts: await searchCounts("өвөл"),
      found: await found("kam6"),
    };
    let steps = 0;
    while (await mergeSearchIndex(4)) steps += 1;
    expect(steps).toBeGreaterThan(1); // in steps, not at once
    expect(await searchSegments()).toHaveLength(1);
    expect({
      page: (await searchStories("tarvaga", 2)).items.map((s) => s.id),
      counts: await searchCounts("өвөл"),
      found: await found("kam6"),
    }).toEqual(before);
    // A story written since adds a small segment, which waits for others.
    const writer = await createUser("upkeep_writer", "secret-pass");
    const { id } = await createStory(writer, {
      title: "Шинэ түүх",
      story: "Тарвага намар тарган байдаг.",
      ...bank,
      pricing_tier: "free",
    });
    expect((await searchSegments()).length).toBe(2);
    expect(await mergeSearchIndex()).toBe(false);
    expect((await searchStories("tarvaga namar")).items.map((s) => s.id)).toEqual([id]);
  });
});
