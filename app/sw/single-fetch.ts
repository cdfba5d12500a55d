/**
 * Answers the worker gives in Remix's single-fetch format (turbo-stream) when there is no
 * network: a client navigation that asked for `{path}.data` must get something Remix reads, or
 * it shows its error page. Written out by hand (two fixed shapes, a string in each);
 * tests/unit/offline-rules.test.ts holds them to Remix's own encoder.
 */

const TURBO_HEADERS = { "Content-Type": "text/x-script", "X-Remix-Response": "yes" };

/**
 * Go to `to` with a document load, as a loader's redirect with `X-Remix-Reload-Document` does
 * (status 202: single fetch's redirect). A document load is what the worker can answer from
 * the store, or with the offline page.
 */
export function reloadDocumentBody(to: string): string {
  const value = [
    ["SingleFetchRedirect", 1],
    { _2: 3, _4: 5, _6: 7, _8: 9, _10: 7 },
    "redirect",
    to,
    "status",
    302,
    "revalidate",
    false,
    "reload",
    true,
    "replace",
  ];
  return `${JSON.stringify(value)}\n`;
}

export function reloadDocument(to: string): Response {
  return new Response(reloadDocumentBody(to), { status: 202, headers: TURBO_HEADERS });
}

/**
 * A form sent while there is no network: the route's error page, with 503 and a message key
 * (ErrorPage shows `data.message`) that says it needs a connection.
 */
export function actionOfflineBody(messageKey: string): string {
  const value = [
    { _1: 2 },
    "error",
    ["ErrorResponse", 3, 6, 7],
    { _4: 5 },
    "message",
    messageKey,
    503,
    "Service Unavailable",
  ];
  return `${JSON.stringify(value)}\n`;
}

export function actionOffline(messageKey: string): Response {
  return new Response(actionOfflineBody(messageKey), { status: 503, headers: TURBO_HEADERS });
}
