import { createInstance } from "i18next";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Sparkline } from "~/components/charts/sparkline";
import { TimeChart } from "~/components/charts/time-chart";
import { ALL_NAMESPACES, i18nConfig } from "~/i18n";
import { resources } from "~/locales/index.server";

/**
 * Decision 060: charts are drawn on the server. What renderToString returns is what a browser
 * without JavaScript shows, so the paths, ticks, goal and table must all be in it.
 */
async function render(node: ReactElement, lng = "mn") {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng, ns: [...ALL_NAMESPACES], resources });
  return renderToString(createElement(I18nextProvider, { i18n }, node));
}

const money = createElement(TimeChart, {
  label: "Цугларсан хандив",
  unit: "money",
  series: [
    {
      key: "verified",
      label: "Баталгаажсан",
      kind: "area",
      curve: "step",
      tone: "success",
      points: [
        { day: "2026-03-01", value: 0 },
        { day: "2026-03-05", value: 6_000_000 },
        { day: "2026-03-20", value: 9_500_000 },
      ],
    },
    {
      key: "pledged",
      label: "Хүлээгдэж буй хамт",
      dashed: true,
      curve: "step",
      tone: "success",
      points: [
        { day: "2026-03-01", value: 0 },
        { day: "2026-03-05", value: 7_000_000 },
        { day: "2026-03-20", value: 10_000_000 },
      ],
    },
  ],
  goal: { value: 5_000_000, label: "Зорилго" },
  markers: [{ day: "2026-03-10", label: "зарцуулсан 120,000₮" }],
});

describe("TimeChart", () => {
  it("draws every series as a path, inside an image with a name", async () => {
    const html = await render(money);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Цугларсан хандив"/);
    expect(html).toMatch(/<g data-series="verified"><path d="M0,100/);
    expect(html).toMatch(/data-series="pledged"[\s\S]*?stroke-dasharray="5 4"/);
    // Two paths for the area (fill and its line), one for the dashed line.
    expect(html.match(/<path d="M/g)).toHaveLength(3);
  });

  it("puts the goal where its value is: 5,000,000₮ of a 0–10,000,000₮ axis is halfway", async () => {
    const html = await render(money);
    expect(html).toMatch(/<line data-goal="5000000" x1="0" x2="100" y1="50" y2="50"/);
    expect(html).toContain("Зорилго: 5,000,000₮");
  });

  it("labels round y ticks in tugrik and x ticks as days in the page's language", async () => {
    const mn = await render(money);
    for (const v of [0, 2_000_000, 4_000_000, 6_000_000, 8_000_000, 10_000_000]) {
      expect(mn).toContain(`data-tick-y="${v}"`);
    }
    expect(mn).toContain("10,000,000₮");
    expect(mn).toMatch(/data-tick-x="2026-03-03"[^>]*>3-р сарын 3</);
    const en = await render(money, "en");
    expect(en).toMatch(/data-tick-x="2026-03-03"[^>]*>Mar 3</);
    // Each width of the plot has its own set of dates (CSS picks); none at noon.
    const onPhone = visibleTicks(mn, { plot: 230, viewport: 390 });
    expect(onPhone.length).toBeGreaterThanOrEqual(2);
    expect(onPhone.length).toBeLessThanOrEqual(3);
    expect(visibleTicks(mn, { plot: 700, viewport: 1280 }).length).toBeGreaterThan(onPhone.length);
  });

  it("marks a day with a number and says what happened under the chart", async () => {
    const html = await render(money);
    expect(html).toMatch(/<line data-marker="2026-03-10" x1="47.368" x2="47.368"/);
    expect(html).toContain("Тэмдэглэсэн өдрүүд");
    expect(html).toContain("2026 оны 3-р сарын 10</span>: зарцуулсан 120,000₮");
  });

  it("has the numbers as a table, a row a day and a column a series, words from the catalogue", async () => {
    const html = await render(money, "en");
    const table = html.slice(html.indexOf('data-testid="chart-table"'));
    expect(table).toContain("<summary");
    expect(table).toContain("Show as table");
    expect(table).toMatch(/<th scope="col"[^>]*>Day<\/th>/);
    expect(table).toMatch(/<th scope="col"[^>]*>Баталгаажсан<\/th>/);
    expect(table.match(/<th scope="row"/g)).toHaveLength(4); // 3 days of data and the marked day
    expect(table).toMatch(/Mar 20, 2026<\/th><td[^>]*>9,500,000₮<\/td><td[^>]*>10,000,000₮/);
    expect(table).toMatch(/Mar 10, 2026<\/th><td[^>]*>—<\/td>/);
  });

  it("draws counts as bars, whole numbers only on the axis", async () => {
    const html = await render(
      createElement(TimeChart, {
        label: "Уншилт",
        series: [
          {
            key: "reads",
            label: "Уншилт",
            kind: "bar",
            points: [
              { day: "2026-03-01", value: 1 },
              { day: "2026-03-02", value: 0 },
              { day: "2026-03-03", value: 2 },
            ],
          },
        ],
      }),
    );
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).not.toMatch(/data-tick-y="\d+\.\d+"/);
    expect(html).not.toContain("data-goal");
  });
});

/** "YYYY-MM-DD" days from `from`, `n` of them. */
const daysFrom = (from: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

const barChart = (days: string[]) =>
  createElement(TimeChart, {
    label: "Уншилт",
    series: [
      {
        key: "reads",
        label: "Уншилт",
        kind: "bar",
        points: days.map((day) => ({ day, value: 3 })),
      },
    ],
  });

const areaChart = (days: string[]) =>
  createElement(TimeChart, {
    label: "Цугларсан хандив",
    unit: "money",
    series: [
      {
        key: "verified",
        label: "Баталгаажсан",
        kind: "area",
        curve: "step",
        points: days.map((day, i) => ({ day, value: i * 10_000 })),
      },
    ],
  });

/** A tick label's width in a 12 px sans (6.5 px a character is a generous average for dates). */
const textWidth = (text: string) => text.length * 6.5;

/**
 * The date labels a browser shows when the plot is `plot` px wide on a `viewport` px screen, as
 * boxes in px: reads the classes that hide or show them (breakpoints, container queries) and
 * the alignment (centred, or left/right-aligned at the tick).
 */
function visibleTicks(html: string, { plot, viewport }: { plot: number; viewport: number }) {
  const spans = [
    ...html.matchAll(
      /<span data-tick-x="([\d-]+)" class="([^"]*)" style="left:([\d.]+)%">([^<]*)<\/span>/g,
    ),
  ];
  return spans
    .map(([, day, cls, left, text]) => {
      const tokens = (cls ?? "").split(/\s+/);
      let shown = !tokens.includes("hidden");
      for (const token of tokens) {
        if (token === "sm:hidden" && viewport >= 640) shown = false;
        if (token === "sm:block" && viewport >= 640) shown = true;
        const query = token.match(
          /^\[@container_\(min-width:([\d.]+)px\)(?:_and_\(max-width:([\d.]+)px\))?\]:(block|hidden)$/,
        );
        if (query && plot >= Number(query[1]) && plot <= Number(query[2] ?? Infinity)) {
          shown = query[3] === "block";
        }
      }
      const at = (Number(left) / 100) * plot;
      const width = textWidth(text ?? "");
      const shift = tokens.includes("-translate-x-1/2")
        ? width / 2
        : tokens.includes("-translate-x-full")
          ? width
          : 0;
      return {
        day: day ?? "",
        text: text ?? "",
        shown,
        at,
        from: at - shift,
        to: at - shift + width,
      };
    })
    .filter((t) => t.shown);
}

/** Every label inside the plot, none within 4 px of the next. */
function expectReadable(ticks: ReturnType<typeof visibleTicks>, plot: number, what: string) {
  for (const [i, t] of ticks.entries()) {
    expect(t.from, `${what}: ${t.text} starts outside`).toBeGreaterThanOrEqual(0);
    expect(t.to, `${what}: ${t.text} ends outside`).toBeLessThanOrEqual(plot);
    const next = ticks[i + 1];
    if (next)
      expect(next.from - t.to, `${what}: ${t.text} / ${next.text}`).toBeGreaterThanOrEqual(4);
  }
}

describe("TimeChart date ticks", () => {
  it("never overlap or leave a phone's chart (390 px), 90 days or 20, in both languages", async () => {
    // The plot of a 390 px screen is about 230 px beside a money axis, 300 px beside a count.
    for (const lng of ["mn", "en"]) {
      for (let start = 0; start < 31; start += 3) {
        const from = daysFrom("2025-08-01", start + 1).at(-1) ?? "";
        for (const [chart, n] of [
          [barChart, 90],
          [barChart, 20],
          [areaChart, 90],
          [areaChart, 20],
        ] as const) {
          const html = await render(chart(daysFrom(from, n)), lng);
          for (const plot of [230, 300]) {
            const ticks = visibleTicks(html, { plot, viewport: 390 });
            const what = `${lng} ${n} days from ${from}, ${plot} px`;
            expect(ticks.length, what).toBeGreaterThanOrEqual(2);
            expect(ticks.length, what).toBeLessThanOrEqual(plot < 280 ? 3 : 4);
            expectReadable(ticks, plot, what);
          }
        }
      }
    }
  });

  it("puts equal intervals equally far apart on a desktop ledger (1280 px, 20 days)", async () => {
    for (const lng of ["en", "mn"]) {
      for (const from of ["2025-11-10", "2025-11-09", "2025-10-20"]) {
        const html = await render(areaChart(daysFrom(from, 19)), lng);
        const ticks = visibleTicks(html, { plot: 726, viewport: 1280 });
        const what = `${lng} from ${from}`;
        expect(ticks.length, what).toBeGreaterThanOrEqual(4);
        expectReadable(ticks, 726, what);
        // The label's middle is where a reader sees the day: equal days apart, equal px apart.
        const middles = ticks.map((t) => ({ time: Date.parse(t.day), mid: (t.from + t.to) / 2 }));
        const pairs = middles.slice(1).map((m, i) => ({ a: middles[i] ?? m, b: m }));
        const pxPerDay = pairs.map(
          ({ a, b }) => (b.mid - a.mid) / ((b.time - a.time) / 86_400_000),
        );
        for (const v of pxPerDay) expect(v, what).toBeCloseTo(pxPerDay[0] ?? 0, 0);
        // Equal intervals, too: every step between two dates is the same number of days.
        const steps = new Set(pairs.map(({ a, b }) => b.time - a.time));
        expect(steps.size, what).toBe(1);
      }
    }
  });
});

describe("Sparkline", () => {
  it("is a named image with a line and no text", async () => {
    const html = await render(
      createElement(Sparkline, {
        label: "Уншилт, 30 хоног: 12",
        points: [
          { day: "2026-03-01", value: 2 },
          { day: "2026-03-02", value: 10 },
        ],
      }),
    );
    expect(html).toMatch(/^<svg[^>]*role="img"[^>]*aria-label="Уншилт, 30 хоног: 12"/);
    expect(html.match(/<path d="M/g)).toHaveLength(2);
    expect(html).not.toContain("<text");
  });
});
