import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { InstallLinks } from "~/components/install-links";
import en from "~/locales/en/common.json";
import mn from "~/locales/mn/common.json";
import { loader as enManifest } from "~/routes/manifest[.]en[.]webmanifest";
import { loader as mnManifest } from "~/routes/manifest[.]mn[.]webmanifest";
import { darkTokens, lightTokens } from "~/theme-tokens";
import { sharedLifetime } from "../../server/front/rules";

/** Issue 44 item 1 (decision 064): an installable site, one manifest per language. */

/** Width and height from a PNG's IHDR, which always comes first after the signature. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const hex = (triplet: string | undefined) =>
  `#${(triplet ?? "")
    .split(" ")
    .map((n) => Number(n).toString(16).padStart(2, "0"))
    .join("")}`;

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const cases = [
  { lng: "mn", loader: mnManifest, common: mn },
  { lng: "en", loader: enManifest, common: en },
] as const;

describe.each(cases)("/manifest.$lng.webmanifest", ({ lng, loader, common }) => {
  const fetchManifest = async () => {
    const response = await loader();
    return { response, manifest: (await response.json()) as Manifest };
  };

  it("is a manifest, shared by the front and any cache (no cookie, no Vary)", async () => {
    const { response } = await fetchManifest();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json");
    expect(response.headers.get("Vary")).toBeNull();
    const headers = Object.fromEntries(response.headers);
    expect(sharedLifetime(200, headers)).toBeGreaterThan(0);
  });

  it("names the site in its language and opens the home page in a window of its own", async () => {
    const { manifest } = await fetchManifest();
    expect(manifest).toMatchObject({
      id: "/",
      name: common.brand.name,
      short_name: common.brand.name,
      description: common.meta.description,
      lang: lng,
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: hex(lightTokens.background),
      theme_color: hex(lightTokens.background),
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12); // a launcher's label
    expect(manifest.categories.length).toBeGreaterThan(0);
  });

  it("lists icons that exist at the sizes they declare: 192, 512, maskable and monochrome", async () => {
    const { manifest } = await fetchManifest();
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(icon.type).toBe("image/png");
      expect(pngSize(`public${icon.src}`), icon.src).toEqual({ width, height });
    }
    const has = (sizes: string, purpose: string) =>
      manifest.icons.some((i) => i.sizes === sizes && i.purpose === purpose);
    expect(has("192x192", "any")).toBe(true);
    expect(has("512x512", "any")).toBe(true);
    expect(has("512x512", "maskable")).toBe(true);
    expect(has("512x512", "monochrome")).toBe(true);
  });
});

describe("the page's head", () => {
  const head = (locale: string, theme: "light" | "dark" | "system") =>
    renderToStaticMarkup(createElement(InstallLinks, { locale, theme }));

  it("links the manifest of the page's language", () => {
    expect(head("mn", "system")).toContain(
      '<link rel="manifest" href="/manifest.mn.webmanifest"/>',
    );
    expect(head("en", "system")).toContain(
      '<link rel="manifest" href="/manifest.en.webmanifest"/>',
    );
  });

  it("gives the bar both themes' background when the system decides, else the chosen one's", () => {
    const light = hex(lightTokens.background);
    const dark = hex(darkTokens.background);
    expect(head("mn", "system")).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${light}"/>`,
    );
    expect(head("mn", "system")).toContain(
      `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${dark}"/>`,
    );
    expect(head("mn", "dark")).toContain(`<meta name="theme-color" content="${dark}"/>`);
    expect(head("mn", "dark")).not.toContain(light);
    expect(head("mn", "light")).toContain(`<meta name="theme-color" content="${light}"/>`);
    expect(head("mn", "light")).not.toContain(dark);
  });

  it("keeps the iPhone's home-screen icon full bleed (iOS paints transparent corners black)", async () => {
    expect(pngSize("public/apple-touch-icon.png")).toEqual({ width: 180, height: 180 });
    const { data, info } = await sharp("public/apple-touch-icon.png")
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    for (const [x, y] of [
      [0, 0],
      [179, 0],
      [0, 179],
      [179, 179],
    ] as const) {
      expect(alphaAt(x, y), `corner ${x},${y}`).toBe(255);
    }
  });
});
