import { createHash } from "node:crypto";
import type { BrowserContext, Response } from "@playwright/test";
import { HtmlValidate } from "html-validate";

/**
 * Every HTML document the journeys receive is checked as sent, before any script runs: no NUL
 * byte, valid HTML (html-validate's "standard" preset: the specification's rules, not a style
 * guide), headings that do not skip a level, nothing after `</html>`, and ids unique in the whole
 * document, SVG included (html-validate leaves foreign content's ids alone). Decision 020.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: { "heading-level": "error" },
});

/** Pages that differ only by their nonce are checked once per worker. */
const checked = new Map<string, string[]>();

export async function problemsOf(html: Buffer): Promise<string[]> {
  const key = createHash("sha1")
    .update(html.toString("latin1").replace(/nonce="[^"]*"/g, ""))
    .digest("hex");
  const known = checked.get(key);
  if (known) return known;
  const problems: string[] = [];
  const nul = html.indexOf(0);
  if (nul >= 0) problems.push(`NUL byte at ${nul}: …${html.subarray(Math.max(0, nul - 40), nul)}`);
  const text = html.toString("utf8");
  const end = text.indexOf("</html>");
  if (end < 0 || text.slice(end + "</html>".length).trim() !== "")
    problems.push("content after </html> (or no </html>)");
  const ids = [...text.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i)))
    problems.push(`duplicate id "${id}"`);
  const report = await validator.validateString(text);
  for (const result of report.results)
    for (const m of result.messages)
      problems.push(`${m.ruleId} (${m.line}:${m.column}): ${m.message} [${m.selector ?? ""}]`);
  checked.set(key, problems);
  return problems;
}

function isHtmlDocument(response: Response) {
  const request = response.request();
  const status = response.status();
  return (
    request.resourceType() === "document" &&
    request.frame().parentFrame() === null &&
    status !== 204 &&
    (status < 300 || status >= 400) &&
    (response.headers()["content-type"] ?? "").startsWith("text/html")
  );
}

/**
 * Records the HTML documents a browser context receives; `problems()` checks them all. A body the
 * browser has already dropped (a page left before it finished) cannot be read and is counted.
 */
export function watchDocuments(context: BrowserContext) {
  const pending: Promise<{ url: string; body: Buffer | null }>[] = [];
  context.on("response", (response) => {
    if (!isHtmlDocument(response)) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), body }),
        () => ({ url: response.url(), body: null }),
      ),
    );
  });
  return {
    async problems(): Promise<{ checked: number; unreadable: number; problems: string[] }> {
      const bodies = await Promise.all(pending);
      const problems: string[] = [];
      let unreadable = 0;
      for (const { url, body } of bodies) {
        if (!body) {
          unreadable += 1;
          continue;
        }
        for (const p of await problemsOf(body)) problems.push(`${url}: ${p}`);
      }
      return { checked: bodies.length - unreadable, unreadable, problems };
    },
  };
}
