import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * Decision 020: patches/react-dom+18.3.1.patch backports react#26228. React 18's streaming renderer
 * encodes into a 2,048-byte view; when a multi-byte character did not fit at its end, it sent the
 * whole view, zeros included. Both of the server's builds are checked, whichever NODE_ENV runs.
 */
const require = createRequire(import.meta.url);
const reactDom = path.dirname(require.resolve("react-dom/package.json"));
const builds = {
  production: path.join(reactDom, "cjs/react-dom-server.node.production.min.js"),
  development: path.join(reactDom, "cjs/react-dom-server.node.development.js"),
};

type PipeableRender = typeof import("react-dom/server").renderToPipeableStream;

function streamToBuffer(render: PipeableRender, element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = render(element, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/**
 * Paragraphs of Mongolian (2 bytes a letter) and emoji (4 bytes), each short enough to be encoded
 * into the current view, with an ASCII prefix of growing length so that the view's end falls on
 * every byte offset of a character, many times over.
 */
function cyrillicPage(): React.ReactElement {
  const words = "Хандиваар Монголын зохиолчдыг дэмжээрэй ❤️ 🐎 өгүүллэг үнэгүй";
  const paragraphs = Array.from({ length: 400 }, (_, i) =>
    createElement("p", { key: i }, `${"a".repeat(i % 7)}${words} ${i}`),
  );
  return createElement(Fragment, null, ...paragraphs);
}

describe("React's streaming renderer (patched)", () => {
  for (const [name, file] of Object.entries(builds)) {
    it(`sends no NUL bytes and the same bytes as renderToString (${name} build)`, async () => {
      const { renderToPipeableStream } = require(file) as {
        renderToPipeableStream: PipeableRender;
      };
      const element = cyrillicPage();
      const streamed = await streamToBuffer(renderToPipeableStream, element);
      const expected = Buffer.from(renderToString(element), "utf8");

      expect(streamed.length).toBeGreaterThan(20 * 2048);
      expect(streamed.includes(0)).toBe(false);
      expect(streamed.equals(expected)).toBe(true);
    });
  }
});
