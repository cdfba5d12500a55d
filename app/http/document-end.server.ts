import { Writable } from "node:stream";

const END = Buffer.from("</body></html>");

/**
 * Collects a rendered page, to be sent as one body, with the document's closing tags moved to
 * its end. React 18 writes `</body></html>` when the shell is done, and Remix's single-fetch data
 * scripts (rendered after the `<html>` element) come after it: invalid HTML ("stray start tag
 * script"), which browsers repair but validators and some crawlers do not. React 19 holds the
 * closing tags back itself.
 *
 * One body rather than React's 2 KB chunks (decision 038): no page streams anything late (no
 * deferred data), and each chunk passed through the web stream, Express, compression and a
 * socket write of its own, about a tenth of a page's CPU.
 *
 * Only the first occurrence is React's: text and attributes are escaped, and the data scripts
 * escape `<`, so a visitor's words can never produce these bytes.
 */
export class DocumentBuffer extends Writable {
  private chunks: Buffer[] = [];
  readonly whole: Promise<Buffer>;

  constructor() {
    super();
    this.whole = new Promise((resolve, reject) => {
      this.once("finish", () => resolve(closingTagsLast(Buffer.concat(this.chunks))));
      this.once("error", reject);
    });
  }

  _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.chunks.push(chunk);
    done();
  }
}

function closingTagsLast(page: Buffer): Buffer {
  const at = page.indexOf(END);
  if (at < 0 || at + END.length === page.length) return page;
  return Buffer.concat([page.subarray(0, at), page.subarray(at + END.length), END]);
}
