import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HttpError } from "~/http/http.server";
import { parseRange } from "~/lib/range";
import { getMedia, storeImage } from "~/models/media.server";
import { loader as mediaRoute } from "~/routes/media.$id";
import { getRequest, routeArgs } from "./helpers";

const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

describe("image storage", () => {
  it("re-encodes to WebP without metadata and makes a thumbnail", async () => {
    const withExif = await sharp(await png(2000, 1000))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
      .toBuffer();
    const id = await storeImage(withExif);
    const row = await getMedia(id);
    expect(row).toMatchObject({ mime_type: "image/webp", width: 1600, height: 800 });
    const thumb = await getMedia(row!.thumbnail_id!);
    expect(thumb?.width).toBe(640);

    const res = await mediaRoute(routeArgs(getRequest(`/media/${id}`), { id }));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(bytes.includes(Buffer.from("secret-gps-owner"))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it("stores the same picture once", async () => {
    const bytes = await png();
    expect(await storeImage(bytes)).toBe(await storeImage(bytes));
  });

  it("refuses what is not an image, whatever its name, and SVG", async () => {
    const cases = [
      Buffer.from("<?php echo 1; ?>"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      (await png()).subarray(0, 40), // truncated
    ];
    for (const bytes of cases) {
      await expect(storeImage(bytes)).rejects.toSatisfy(
        (e: unknown) => e instanceof HttpError && [413, 415].includes(e.status),
      );
    }
  });

  it("answers conditional and range requests", async () => {
    const id = await storeImage(await png());
    const row = (await getMedia(id))!;
    const notModified = await mediaRoute(
      routeArgs(
        new Request(`http://localhost/media/${id}`, { headers: { "if-none-match": `"${id}"` } }),
        { id },
      ),
    );
    expect(notModified.status).toBe(304);
    const partial = await mediaRoute(
      routeArgs(new Request(`http://localhost/media/${id}`, { headers: { range: "bytes=0-9" } }), {
        id,
      }),
    );
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 0-9/${row.size}`);
    expect((await partial.arrayBuffer()).byteLength).toBe(10);
    const missing = await mediaRoute(routeArgs(getRequest("/media/abc"), { id: "abc" }));
    expect(missing.status).toBe(404);
  });

  it("parses byte ranges", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=10-", 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=0-1000", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=200-300", 100)).toBe("invalid");
    expect(parseRange("bytes=5-1", 100)).toBe("invalid");
    expect(parseRange("items=1-2", 100)).toBe("invalid");
  });
});
