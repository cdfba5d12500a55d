import { describe, expect, it } from "vitest";
import { DocumentEndLast } from "~/utils/document-end.server";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const stream = new DocumentEndLast();
  const out: Buffer[] = [];
  stream.on("data", (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const c of chunks) stream.write(typeof c === "string" ? Buffer.from(c) : c);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

const shell = "<!DOCTYPE html><html><head></head><body><p>Сайн уу</p></body></html>";
const late = "<script>data()</script><!--/$-->";

describe("DocumentEndLast (decision 020)", () => {
  it("moves the closing tags after what React streams later, wherever the chunks split", async () => {
    const whole = shell + late;
    const bytes = Buffer.from(whole);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(
        `<!DOCTYPE html><html><head></head><body><p>Сайн уу</p>${late}</body></html>`,
      );
    }
  });

  it("finds the closing tags when they come a byte at a time", async () => {
    const bytes = Buffer.from(shell + late);
    const singles = Array.from(bytes, (b) => Buffer.from([b]));
    expect(await through(singles)).toBe(
      `${shell.replace("</body></html>", "")}${late}</body></html>`,
    );
  });

  it("leaves a page without later scripts as it was, and a stream with no closing tags alone", async () => {
    expect(await through([shell])).toBe(shell);
    expect(await through(["<p>a</bo", "dy>"])).toBe("<p>a</body>");
  });

  it("sends bytes on at once, keeping back only a possible start of the closing tags", async () => {
    const stream = new DocumentEndLast();
    const out: string[] = [];
    stream.on("data", (c: Buffer) => out.push(c.toString()));
    stream.write(Buffer.from("<main>text</bo"));
    await new Promise((r) => setImmediate(r));
    expect(out.join("")).toBe("<main>text");
  });
});
