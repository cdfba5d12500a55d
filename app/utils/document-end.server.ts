import { Transform, type TransformCallback } from "node:stream";

const END = Buffer.from("</body></html>");

/**
 * Moves the document's closing tags to the end of the stream. React 18 writes `</body></html>`
 * when the shell is done, and Remix's single-fetch data scripts (rendered after the `<html>`
 * element, some of them later, as loaders settle) come after it: invalid HTML ("stray start tag
 * script"), which browsers repair but validators and some crawlers do not. React 19 holds the
 * closing tags back itself. Bytes pass through at once, but for a tail that could be the start
 * of the closing tags (at most 13 bytes), kept until the next chunk tells.
 *
 * Only the first occurrence is React's: text and attributes are escaped, and the data scripts
 * escape `<`, so a visitor's words can never produce these bytes.
 */
export class DocumentEndLast extends Transform {
  private held: Buffer = Buffer.alloc(0);
  private found = false;

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.found) return done(null, chunk);
    const data = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const at = data.indexOf(END);
    if (at >= 0) {
      this.found = true;
      this.held = Buffer.alloc(0);
      return done(null, Buffer.concat([data.subarray(0, at), data.subarray(at + END.length)]));
    }
    const keep = partialEndLength(data);
    this.held = Buffer.from(data.subarray(data.length - keep));
    done(null, data.subarray(0, data.length - keep));
  }

  _flush(done: TransformCallback) {
    done(null, this.found ? Buffer.concat([this.held, END]) : this.held);
  }
}

/** How many bytes at the end of `data` are a beginning of the closing tags. */
function partialEndLength(data: Buffer): number {
  for (let n = Math.min(END.length - 1, data.length); n > 0; n--) {
    if (data.subarray(data.length - n).equals(END.subarray(0, n))) return n;
  }
  return 0;
}
