import { handleCallback } from "~/models/qpay-confirm.server";
import { operation, resource } from "./resource.server";
import { z } from "./schemas.server";

/**
 * QPay's callback (issue 39, decision 057). QPay calls the address it was given with an invoice,
 * by GET or POST, with parameters that differ between its own documents; none of them is signed.
 * So the call is only a signal: the token in the path names one of our invoices, the server asks
 * QPay's payment/check about it, and only PAID rows adding up to its amount confirm the gift.
 * The answer is the same whatever happened, so a caller learns nothing from it.
 */

const answer = () =>
  new Response("SUCCESS", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

const callback = (method: "GET" | "POST") =>
  operation({
    summary: method === "GET" ? "QPay's payment callback" : "QPay's payment callback (POST)",
    description:
      "Called by QPay when an invoice is paid; not for other clients. The token is the opaque one " +
      "of the invoice's callback address. Whatever the call carries is ignored: the server asks " +
      "QPay's payment check and confirms the gift only when PAID payments add up to its amount. " +
      "Always answers `SUCCESS`, for an unknown token too.",
    access: "public",
    ...(method === "POST"
      ? { rawBody: { content: { "application/json": z.unknown() }, required: false } }
      : {}),
    responses: { 200: { description: "`SUCCESS`, as text/plain, as QPay expects." } },
    handler: async ({ names }) => {
      await handleCallback(names.token ?? "");
      return answer();
    },
  });

export const qpayCallback = resource(
  "/api/qpay/callback/{token}",
  "QPay",
  {},
  { GET: callback("GET"), POST: callback("POST") },
  { token: "The invoice's own callback token, as given to QPay." },
);
