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
    expect(mn).toMatch(/data-tick-x="2026-03-08"[^>]*>3-р сарын 8</);
    const en = await render(money, "en");
    expect(en).toMatch(/data-tick-x="2026-03-08"[^>]*>Mar 8</);
    // A phone gets a few dates, a wider screen more; none at noon.
    const ticks = [...mn.matchAll(/data-tick-x="([\d-]+)" class="([^"]*)"/g)];
    const onPhone = ticks.filter(([, , cls]) => !cls?.includes("hidden sm:block"));
    expect(onPhone.length).toBeGreaterThanOrEqual(2);
    expect(onPhone.length).toBeLessThanOrEqual(4);
    expect(ticks.length).toBeGreaterThan(onPhone.length);
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
