import { describe, expect, it } from "vitest";
import { DocumentBuffer } from "~/http/document-end.server";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const sink = new DocumentBuffer();
  for (const c of chunks) sink.write(typeof c === "string" ? Buffer.from(c) : c);
  sink.end();
  return (await sink.whole).toString("utf8");
}

const shell = "<!DOCTYPE html><html><head></head><body><p>Сайн уу</p></body></html>";
const late = "<script>data()</script><!--/$-->";

describe("DocumentBuffer (decisions 020, 038)", () => {
  it("moves the closing tags after what React writes later, wherever the chunks split", async () => {
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

  it("leaves a page without later scripts as it was, and a page with no closing tags alone", async () => {
    expect(await through([shell])).toBe(shell);
    expect(await through(["<p>a</bo", "dy>"])).toBe("<p>a</body>");
  });
});
