import { randomBytes } from "node:crypto";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { I18nScriptText, i18nScriptText } from "~/components/i18n-script";
import { contentSecurityPolicy } from "~/http/content-security.server";
import { DocumentBuffer } from "~/http/document-end.server";
import { acceptsGzip, gzipQuickly } from "~/http/gzip-parts.server";
import { BASE_SECURITY_HEADERS } from "~/http/http.server";
import {
  applyDocumentCaching,
  routeAllowsSharing,
  type SharedCacheHandle,
} from "~/http/shared-cache.server";
import { i18next, translatorFor } from "~/i18next.server";
import { varyOnSaveData } from "~/lib/light-mode.server";
import { errorFields, logger } from "~/lib/logger.server";
import { NonceContext } from "~/lib/nonce";
import { type ToastMessage, toastNamespaces } from "~/lib/toast";
import { catalogueVersion, resources } from "~/locales/index.server";
import { ready } from "~/startup.server";
import { answerCopyRequests } from "~/web/copy-requests.server";
import { answerFromCopy, COPY_HEADER, fillFrom, settledDecision } from "~/web/member-pages.server";

await ready;
// Behind `npm start`'s front, members' copies are also asked for over its channel (decision 071).
answerCopyRequests();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

function applySecurityHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value);
}

export function handleDataRequest(response: Response) {
  applySecurityHeaders(response.headers);
  // The root's data says whether the page is light (decision 065).
  varyOnSaveData(response.headers);
  return response;
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  // A 4xx that Remix or an action answered (no action here: 405; a refusal thrown as data) is an
  // answer, not a fault of the server; refusals that matter are logged where they are decided.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.debug("request.refused", {
      method: request.method,
      path: url.pathname,
      status: error.status,
    });
    return;
  }
  logger.error("request.error", {
    method: request.method,
    path: url.pathname,
    ...errorFields(error),
  });
}

/**
 * The catalogues of the routes this page matched, and of the toast it shows. (remix-i18next's
 * getRouteNamespaces reads every loaded route module, which with single fetch is all of them.)
 */
function routeNamespaces(context: EntryContext): string[] {
  const root = context.staticHandlerContext.loaderData?.root as
    | { toast?: ToastMessage }
    | undefined;
  const names = new Set<string>(toastNamespaces(root?.toast));
  for (const match of context.staticHandlerContext.matches) {
    const handle = context.routeModules[match.route.id]?.handle as { i18n?: string | string[] };
    for (const n of [handle?.i18n ?? []].flat()) names.add(n);
  }
  return [...names];
}

const catalogueScripts = new Map<string, string>();

/**
 * The inline catalogue's text for a language and the namespaces a page uses. The catalogues are
 * fixed while the process runs and pages use a handful of namespace lists, so each text is
 * serialised once (20 KB of JSON was a percent of every render).
 */
function catalogueScript(lng: string, ns: string[]): string {
  const key = `${lng}:${ns.join(",")}`;
  let text = catalogueScripts.get(key);
  if (text === undefined) {
    const langResources = resources[lng as keyof typeof resources];
    text = i18nScriptText({
      lng,
      version: catalogueVersion,
      resources: Object.fromEntries(
        ns.map((n) => [n, langResources[n as keyof typeof langResources]]).filter(([, v]) => v),
      ),
    });
    catalogueScripts.set(key, text);
  }
  return text;
}

function leafHandle(context: EntryContext): SharedCacheHandle | undefined {
  const leaf = context.staticHandlerContext.matches.at(-1);
  return leaf ? (context.routeModules[leaf.route.id]?.handle as SharedCacheHandle) : undefined;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const decision = settledDecision(loadContext);
  const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
  if (decision?.kind === "copy") {
    // A member's copy of a page drawn for all members (decision 039): nothing to render.
    const { page, headers } = answerFromCopy(decision, nonce, gzip, contentSecurityPolicy(nonce));
    for (const cookie of responseHeaders.getSetCookie()) headers.push(["Set-Cookie", cookie]);
    return new Response(page as Uint8Array<ArrayBuffer>, { headers, status: 200 });
  }
  const lng = await i18next.getLocale(request);
  const ns = routeNamespaces(remixContext);
  const instance = await translatorFor(lng);

  const catalogue = catalogueScript(lng, ns);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nScriptText.Provider value={catalogue}>
          <I18nextProvider i18n={instance}>
            <RemixServer
              context={remixContext}
              url={request.url}
              abortDelay={ABORT_DELAY}
              nonce={nonce}
            />
          </I18nextProvider>
        </I18nScriptText.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // Every visitor gets the whole page in one body (decision 038): nothing on a page
        // waits for deferred data, so the shell is the page, and one write is cheaper than many.
        onAllReady() {
          shellRendered = true;
          const sink = new DocumentBuffer();
          pipe(sink);
          sink.whole
            .then(async (drawn) => {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
              applySecurityHeaders(responseHeaders);
              applyDocumentCaching(
                request,
                responseStatusCode,
                responseHeaders,
                routeAllowsSharing(leafHandle(remixContext)),
              );
              if (!/accept-encoding/i.test(responseHeaders.get("Vary") ?? "")) {
                responseHeaders.append("Vary", "Accept-Encoding");
              }
              // A page for one person is compressed here, quickly; a shared one once, by the cache
              // in front (remix-serve's level 6 as the page streams cost a third of a render).
              const compress =
                gzip && !/\bpublic\b/.test(responseHeaders.get("Cache-Control") ?? "");
              let page = drawn;
              let gzipped = false;
              if (decision?.kind === "fill") {
                // Drawn with a stand-in member: kept as the copy, and this member written in.
                ({ page, gzipped } = fillFrom(
                  decision,
                  drawn,
                  nonce,
                  responseStatusCode,
                  responseHeaders,
                  compress,
                ));
                responseHeaders.set(COPY_HEADER, "miss");
              }
              if (compress && !gzipped) page = await gzipQuickly(page);
              if (compress) responseHeaders.set("Content-Encoding", "gzip");
              responseHeaders.set("Content-Length", String(page.length));
              // A Buffer is a Uint8Array; its type only allows a shared backing store too.
              resolve(
                new Response(page as Uint8Array<ArrayBuffer>, {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
            })
            .catch(reject);
        },
        onShellError(error: unknown) {
          if (decision?.kind === "fill") decision.done(null);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("render.error", errorFields(error));
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
