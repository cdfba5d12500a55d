import { config } from "~/config.server";
import { errorFields, logger } from "~/lib/logger.server";
import { answerApiCopy } from "~/web/api-copies.server";
import { answerCopyRequest } from "~/web/member-pages.server";

/**
 * The worker's side of the front's channel for members' copies (decision 071). A signed-in
 * browser's page, or a member's /api read, that has a fresh copy is answered here without express
 * or Remix: the front sends
 * the request's address and headers (exactly those it would send over HTTP) and gets the page, or
 * null and then sends the request over HTTP as any other.
 */

/** What the front asks. */
export interface CopyRequest {
  kind: "member-copy";
  id: number;
  /** The request target, as the HTTP request would carry it. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What the worker answers: the page with its headers, or null (ask over HTTP). */
export interface CopyReply {
  kind: "member-copy";
  id: number;
  answer: { headers: [string, string][]; body: Uint8Array } | null;
}

/**
 * The URL Remix's express adapter gives the same request (@remix-run/express createRemixRequest,
 * remix-serve trusting no proxy): the Host's name and the forwarded host's port, else the Host's.
 */
export function remixUrl(target: string, headers: CopyRequest["headers"]): string {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const host = one("host") ?? "";
  const hostname = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  const forwardedPort = Number.parseInt(one("x-forwarded-host")?.split(":")[1] ?? "", 10);
  const hostPort = Number.parseInt(host.startsWith("[") ? "" : (host.split(":")[1] ?? ""), 10);
  const port = Number.isSafeInteger(forwardedPort)
    ? forwardedPort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : "";
  return `http://${hostname}${port ? `:${port}` : ""}${target}`;
}

export async function replyTo(message: CopyRequest): Promise<CopyReply> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  let request: Request;
  try {
    request = new Request(remixUrl(message.url, message.headers), { headers });
  } catch {
    // An address no URL can be made of: Remix's path answers it as it would.
    return { kind: "member-copy", id: message.id, answer: null };
  }
  const answer = message.url.startsWith("/api/")
    ? answerApiCopy(request)
    : await answerCopyRequest(request);
  return {
    kind: "member-copy",
    id: message.id,
    answer: answer && { headers: answer.headers, body: answer.page },
  };
}

let listening = false;

/** Listens on the front's channel, when this process is one of its workers. */
export function answerCopyRequests() {
  if (listening || !process.send || !config.FRONT_SECRET) return;
  listening = true;
  process.on("message", (message: CopyRequest) => {
    if (message?.kind !== "member-copy") return;
    replyTo(message)
      .catch((error) => {
        logger.error("member_copy.failed", errorFields(error));
        return { kind: "member-copy", id: message.id, answer: null } satisfies CopyReply;
      })
      .then((reply) => process.send?.(reply));
  });
  // A 'message' listener holds the process open; the worker must still leave by itself once
  // remix-serve has closed its server on SIGTERM (its last reads are written before it exits).
  process.channel?.unref();
}
