import { clientIp } from "~/http/http.server";
import { cameThroughFront, requestHost } from "~/http/origin.server";
import { queueRead } from "~/models/read-count.server";

/**
 * A story page read where no front counts it (remix-serve alone, `npm run dev`, tests): the
 * route's loader notes it. Behind `npm start` the front counts every read, cache hits too, so a
 * request it passed on (its secret beside it) is not noted again here (decision 061).
 */
export function countReadHere(request: Request, storyId: number) {
  if (request.method !== "GET" || cameThroughFront(request)) return;
  const headers = request.headers;
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose") ?? headers.get("x-moz");
  if (purpose?.toLowerCase().includes("prefetch")) return;
  queueRead({
    storyId,
    address: clientIp(request) ?? "",
    userAgent: headers.get("user-agent") ?? "",
    referer: headers.get("referer") ?? "",
    host: requestHost(request) ?? "",
    at: Date.now(),
  });
}
