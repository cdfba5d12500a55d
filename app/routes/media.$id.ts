import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { parseRange } from "~/lib/range";
import { getMedia } from "~/models/media.server";
import { mediaStore } from "~/models/media-store.server";

/**
 * Serves stored media. Ids are content hashes, so the bytes behind a URL never change: strong
 * ETag, immutable caching. Range requests are answered (206) so video can seek.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const row = await getMedia(params.id ?? "");
  if (!row) return new Response("Not found", { status: 404 });

  const etag = `"${row.id}"`;
  const headers = new Headers({
    "Content-Type": row.mime_type,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers });
  }

  const range = parseRange(request.headers.get("range"), row.size);
  if (range === "invalid") {
    headers.set("Content-Range", `bytes */${row.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${row.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    const body = createReadableStreamFromReadable(mediaStore.read(row.id, range) as never);
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(row.size));
  return new Response(createReadableStreamFromReadable(mediaStore.read(row.id) as never), {
    status: 200,
    headers,
  });
}
