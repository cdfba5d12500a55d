import { clientIp } from "~/http/http.server";
import { cameThroughFront, requestHost } from "~/http/origin.server";
import { isPrefetch, readEvent } from "~/lib/read-event";
import { queueRead } from "~/models/read-count.server";

/**
 * A story page read where no front counts it (remix-serve alone, `npm run dev`, tests): the
 * route's loader notes it. Behind `npm start` the front counts every read, cache hits too, so a
 * request it passed on (its secret beside it) is not noted again here (decision 061).
 */
export function countReadHere(request: Request, storyId: number) {
  if (request.method !== "GET" || cameThroughFront(request)) return;
  const headers = request.headers;
  if (isPrefetch((name) => headers.get(name))) return;
  queueRead(
    readEvent({
      storyId,
      address: clientIp(request) ?? "",
      userAgent: headers.get("user-agent") ?? "",
      referer: headers.get("referer") ?? "",
      host: requestHost(request) ?? "",
      at: Date.now(),
    }),
  );
}
