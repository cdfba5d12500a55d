import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { faq, pools, stories } from "#db/seed/content";
import { legalPages } from "#db/seed/legal";

/**
 * The rules of app/locales/GLOSSARY.md, checked on every Mongolian catalogue string and on the
 * Mongolian demo content: one word per thing, no case suffix glued to a value, «» quotes,
 * formatted numbers, and the same keys in both languages.
 */

type Catalogue = Record<string, unknown>;
const dir = path.resolve("app/locales");
const namespaces = readdirSync(path.join(dir, "mn")).filter((f) => f.endsWith(".json"));
const read = (lng: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, lng, file), "utf8")) as Catalogue;

function entries(node: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value as Catalogue, `${prefix}${key}.`),
  );
}

const catalogue = (lng: string): [string, string][] =>
  namespaces.flatMap((file) =>
    entries(read(lng, file)).map(
      ([key, text]) => [`${file.replace(".json", "")}:${key}`, text] as [string, string],
    ),
  );
const mongolian = catalogue("mn");
const english = catalogue("en");

/** A Cyrillic letter right after a placeholder, but for the ordinal «-р». */
// A value, or a quoted value («{{title}}»-г), with a suffix glued on; the ordinal -р may stay.
const SUFFIX_ON_VALUE = /\}\}»?-?(?!р(?![а-яөүё]))[а-яөүё]/i;
const STRAIGHT_QUOTES = /["“”„]/;
/** A quote inside «…» is „…“ (the only place „ and “ may stand), never »…«. */
const withoutNested = (text: string) => text.replace(/„[^„“”"«»]*“/g, "");
/** »…« nesting: a » that opens a word, or a « that closes one. */
const REVERSED_QUOTES = /(^|[\s(])»(?=\p{L})|[\p{L}.!?]«(?=[\s.,;:!?)]|$)/u;
/**
 * A suffix glued to a symbol, a quote or a Latin word («- »-ээр, «…»-г, StoryShare-ийн): its
 * sound is not written, so the reader cannot check the vowel. Say «StoryShare сайтын», ««- »
 * тэмдгээр». Numbers and ₮ keep their suffix (1-ээс, 100₮-өөс), as Mongolian writes them.
 */
const SUFFIX_ON_SYMBOL = /([»")\]“]|[a-z])-?[а-яөүё]/i;
/** The brand is written «StoryShare»; in Cyrillic «Сторишэйр» (one word, one capital). */
const BRAND_CAMEL = /СториШэйр/;
/** Four or more digits written bare (not 1,000; not inside a placeholder or a size like 4K). */
const BARE_NUMBER = /(?<![\d,.{:\w])\d{4,}(?![\d,])/;

/**
 * Placeholders that carry a count (i18next's plural `count`, and the other names the code fills
 * with a number): they go through the `number` format (app/i18n.ts), so 1234 reads 1,234.
 * Amounts ({{amount}}, {{total}}, {{price}}…) are not here: the code passes them written out
 * with formatMoney.
 */
const COUNT_PLACEHOLDERS = [
  "count",
  "n",
  "shown",
  "failed",
  "new",
  "duplicate",
  "outgoing",
  "unreadable",
  "page",
  "pageCount",
  "days",
  "max",
  "rank",
  "frames",
  "photos",
  "receipts",
  "stories",
  "comments",
  "donations",
  "payments",
];
const UNFORMATTED_COUNT = new RegExp(`\\{\\{\\s*(${COUNT_PLACEHOLDERS.join("|")})\\s*\\}\\}`);

/** Terms the glossary forbids, with the keys where the word means something else. */
const FORBIDDEN: {
  term: string;
  pattern: RegExp;
  /** Catalogue keys (ns:key) where the word means something else. */
  allowedIn?: RegExp;
  /** Demo texts (named as the test names them) where the word means something else. */
  allowedInSeed?: RegExp;
}[] = [
  {
    term: "«сан» for a donation pool (say «аян»)",
    pattern:
      /(?<![а-яөүё])(?<!өгөгдлийн )(?<!номын )[Сс]ан(г|гийн|гаа|гууд|гуудын|д|аас|гаас)?(?![а-яөүё])/,
  },
  { term: "«төлөвлөгөө» for a plan (say «багц»)", pattern: /төлөвлөгөө/i },
  {
    term: "«зөвшөөрөх» for approving or verifying (say «батлах» / «баталгаажуулах»)",
    pattern: /зөвшөөр/i,
    // Consent, permission and allowed values: other meanings of the word.
    allowedIn: /^(common:errors\.forbidden\.|common:errors\.input\.|pools:leaderboard\.)/,
    // The legal pages speak of agreeing to the terms and of a donor's permission to show a name.
    allowedInSeed: /^legal page /,
  },
  { term: "«үйлдлийн түүх» for the activity log", pattern: /үйлдлийн түүх/i },
  { term: "«зохиолч» for an author (say «зохиогч»)", pattern: /зохиолч/i },
  {
    term: "«хуулах» for upload (say «оруулах»; «хуулах» is copy)",
    pattern: /хуул(ах|ж|агд|сан|на)/i,
    // Copy buttons, and a link copied whole.
    allowedIn: /([.:]cop(y|ied)\w*|donate:status\.notFound\.text)$/i,
    // The FAQ asks for the payment code to be copied exactly into the transfer.
    allowedInSeed: /^faq q3 answer$/,
  },
  { term: "«хандивыг татгалзах» (say «хандиваас татгалзах»)", pattern: /хандивыг татгалз/i },
  { term: "«цугласан» for what a campaign raised (say «цугларсан»)", pattern: /цугласан/i },
  { term: "«бүр мөсөн» (write «бүрмөсөн»)", pattern: /бүр мөсөн/i },
  { term: "«зүрх дарах» (say «зүрх өгөх»)", pattern: /зүрх дар/i },
  { term: "«администратор» (say «админ»)", pattern: /администратор/i },
  { term: "«сошиал» (say «олон нийтийн сүлжээ»)", pattern: /сошиал/i },
  { term: "«Болилоо» (write «Больлоо»)", pattern: /болилоо/i },
  {
    term: "«гаргах» alone for ending a session (say «системээс гаргах»)",
    pattern: /^(Гаргах|[Бб]усад бүх төхөөрөмжийг гарга|Төхөөрөмжийг гарга)/,
  },
  {
    term: "«тойм» for the e-mail digest (say «товчоо»; «тойм» is the administrators' overview)",
    pattern: /(?<![а-яөүё])[Тт]ойм/,
    allowedIn: /^admin:(overview\.|nav\.overview$)/,
  },
  {
    term: "the payment code called «гүйлгээний дугаар»",
    pattern: /гүйлгээний дугаараа(?![а-яөүё])/i,
  },
];

describe("Mongolian copy follows the glossary (app/locales/GLOSSARY.md)", () => {
  it("every key is in both languages", () => {
    for (const file of namespaces) {
      const mn = entries(read("mn", file)).map(([k]) => k);
      const en = entries(read("en", file)).map(([k]) => k);
      expect(mn.sort(), file).toEqual(en.sort());
    }
  });

  it("no case suffix is glued to a value", () => {
    const glued = mongolian.filter(([, text]) => SUFFIX_ON_VALUE.test(text));
    expect(glued).toEqual([]);
  });

  it("quotes are «», never straight or English quotes", () => {
    expect(mongolian.filter(([, text]) => STRAIGHT_QUOTES.test(withoutNested(text)))).toEqual([]);
  });

  it("a quote inside «…» is „…“, never »…«", () => {
    expect(mongolian.filter(([, text]) => REVERSED_QUOTES.test(text))).toEqual([]);
  });

  it("no suffix is glued to a quote, a symbol or a Latin word (say «StoryShare сайтын»)", () => {
    expect(mongolian.filter(([, text]) => SUFFIX_ON_SYMBOL.test(text))).toEqual([]);
  });

  it("the brand in Cyrillic is «Сторишэйр»", () => {
    expect(mongolian.filter(([, text]) => BRAND_CAMEL.test(text))).toEqual([]);
  });

  it("a question ends in «?» (a string closing on the particle вэ / бэ, headings included)", () => {
    const unasked = mongolian.filter(([, text]) => /(^|\s)(вэ|бэ)\s*$/.test(text));
    expect(unasked).toEqual([]);
  });

  it("numbers of four digits or more are formatted", () => {
    expect(mongolian.filter(([, text]) => BARE_NUMBER.test(text))).toEqual([]);
  });

  it("counts go through the number format ({{count, number}}), in both languages", () => {
    const bare = [...mongolian, ...english.map(([k, t]) => [`en ${k}`, t] as [string, string])];
    expect(bare.filter(([, text]) => UNFORMATTED_COUNT.test(text))).toEqual([]);
  });

  for (const { term, pattern, allowedIn } of FORBIDDEN) {
    it(`no ${term}`, () => {
      const found = mongolian.filter(
        ([key, text]) => pattern.test(text) && !(allowedIn?.test(key) ?? false),
      );
      expect(found).toEqual([]);
    });
  }
});

describe("the Mongolian demo content follows the writing rules", () => {
  /** The site's own words in the demo: what its team wrote (FAQ, campaigns, their updates, legal pages). */
  const siteTexts: [string, string][] = [
    ...faq.flatMap((q) => [
      [`faq ${q.key} question`, q.mn.question] as [string, string],
      [`faq ${q.key} answer`, q.mn.answer] as [string, string],
    ]),
    ...pools.flatMap((p) => [
      [`pool «${p.name}»`, `${p.name}\n${p.description}`] as [string, string],
      ...(p.updates ?? []).map(
        (u, i) =>
          [`update ${i + 1} of «${p.name}»`, `${u.mn}\n${u.spent?.mn ?? ""}`] as [string, string],
      ),
    ]),
    ...Object.entries(legalPages).map(
      ([slug, page]) =>
        [`legal page ${slug}`, `${page.mn.title}\n${page.mn.body}`] as [string, string],
    ),
  ];
  const texts: [string, string][] = [
    ...siteTexts,
    ...stories.flatMap((s) => [
      [`story «${s.title}»`, `${s.title}\n${s.story}`] as [string, string],
      ...s.comments.map(
        (c, i) => [`comment ${i + 1} on «${s.title}»`, c.content] as [string, string],
      ),
    ]),
  ].filter(([, text]) => {
    // Mongolian texts: more Cyrillic letters than Latin ones (the demo has English stories too).
    const letters = (re: RegExp) => text.match(re)?.length ?? 0;
    return letters(/[а-яөүё]/gi) > letters(/[a-z]/gi);
  });

  it("uses «» quotes, and „…“ inside them", () => {
    const wrong = texts.filter(
      ([, text]) => STRAIGHT_QUOTES.test(withoutNested(text)) || REVERSED_QUOTES.test(text),
    );
    expect(wrong.map(([w]) => w)).toEqual([]);
  });

  it("no suffix is glued to a quote, a symbol or a Latin word", () => {
    const glued = texts.filter(([, text]) => SUFFIX_ON_SYMBOL.test(text));
    expect(glued.map(([w, text]) => `${w}: ${text.match(SUFFIX_ON_SYMBOL)?.[0]}`)).toEqual([]);
  });

  it("numbers of four digits or more are formatted in the site's texts, in both languages", () => {
    const english: [string, string][] = [
      ...faq.map((q) => [`faq ${q.key}`, `${q.en.question}\n${q.en.answer}`] as [string, string]),
      ...pools.flatMap((p) =>
        (p.updates ?? []).map(
          (u, i) =>
            [`update ${i + 1} of «${p.name}»`, `${u.en}\n${u.spent?.en ?? ""}`] as [string, string],
        ),
      ),
      ...Object.entries(legalPages).map(
        ([slug, page]) => [`legal page ${slug}`, page.en.body] as [string, string],
      ),
    ];
    const bare = [...siteTexts, ...english].filter(([, text]) => BARE_NUMBER.test(text));
    expect(bare.map(([w, text]) => `${w}: ${text.match(BARE_NUMBER)?.[0]}`)).toEqual([]);
  });

  it("nothing published is wholly English: stories, their comments, donors' public messages", () => {
    // English: fewer than one Cyrillic letter in ten Latin ones (a Mongolian greeting quoted in
    // an English story does not make it Mongolian; a comment mixing both languages is how many
    // Mongolians abroad write). An English story may wait in the approvals queue; once
    // published, a Mongolian newcomer meets it on the home page.
    const letters = (text: string, re: RegExp) => text.match(re)?.length ?? 0;
    const english = (text: string) => letters(text, /[a-z]/gi) > 10 * letters(text, /[а-яөүё]/gi);
    const published = stories.filter((s) => s.state !== "pending");
    const shown: [string, string][] = [
      ...published.map((s) => [`story «${s.title}»`, `${s.title}\n${s.story}`] as [string, string]),
      ...published.flatMap((s) =>
        s.comments.map(
          (c, i) => [`comment ${i + 1} on «${s.title}»`, c.content] as [string, string],
        ),
      ),
      ...pools.flatMap((p) =>
        p.donations
          .filter((d) => d.status === "verified" && !d.is_hidden && d.message)
          .map((d) => [`${d.donor_name}'s message on «${p.name}»`, d.message!] as [string, string]),
      ),
    ];
    expect(shown.filter(([, text]) => english(text)).map(([w]) => w)).toEqual([]);
  });

  it("the three featured stories and most comments are Mongolian", () => {
    const mongolian = (text: string) =>
      (text.match(/[а-яөүё]/gi)?.length ?? 0) > (text.match(/[a-z]/gi)?.length ?? 0);
    const featured = stories.filter((s) => s.state === "featured");
    expect(featured.filter((s) => !mongolian(s.story)).map((s) => s.title)).toEqual([]);
    const comments = stories.flatMap((s) => s.comments.map((c) => c.content));
    expect(comments.filter(mongolian).length / comments.length).toBeGreaterThan(0.8);
  });

  it("FAQ questions end in «?»", () => {
    for (const q of faq) expect(q.mn.question.trim().endsWith("?"), q.key).toBe(true);
  });

  // Stories and comments are their authors' own words, so only the site's texts are held to
  // the glossary.
  for (const { term, pattern, allowedInSeed } of FORBIDDEN) {
    it(`the FAQ, campaigns, updates and legal pages: no ${term}`, () => {
      const found = siteTexts.filter(
        ([where, text]) => pattern.test(text) && !(allowedInSeed?.test(where) ?? false),
      );
      expect(found.map(([where, text]) => `${where}: ${text.match(pattern)?.[0]}`)).toEqual([]);
    });
  }
});
