import { MONTHLY_METHODS, MONTHLY_STATUSES } from "#db/schema";
import { apiJson, HttpError, readJson } from "~/http/http.server";
import { siteOrigin } from "~/http/origin.server";
import {
  changeMonthlyGift,
  createMonthlyGift,
  type MonthlyGiftView,
  monthlyGiftByToken,
} from "~/models/monthly-gifts.server";
import { MonthlyChangeSchema, PoolMonthlySchema, SiteMonthlySchema } from "~/schemas/monthly";
import { getUser } from "~/web/auth.server";
import { operation, resource } from "./resource.server";
import { DateTime, refused, Whole, z } from "./schemas.server";

/** Monthly gifts (issue 43): made by anyone, read and changed by the holder of their signed link. */

const TAG = "Monthly gifts";

const MonthlyGift = z
  .object({
    id: Whole,
    pool: z
      .object({ id: Whole, name: z.string() })
      .strict()
      .nullable()
      .openapi({ description: "null for a monthly gift to the site." }),
    donor_name: z.string(),
    amount: Whole,
    day_of_month: Whole.openapi({
      description: "1–31, Asia/Ulaanbaatar; a shorter month uses its last day.",
    }),
    method: z.enum(MONTHLY_METHODS),
    remind_by_email: z.boolean(),
    remind_by_sms: z.boolean(),
    display_in_leaderboard: z.boolean().openapi({
      description:
        "Whether each month's gift shows `donor_name` publicly (a campaign's ledger, the top " +
        "donors); otherwise it reads as an anonymous donor.",
    }),
    payment_code: z.string().openapi({
      description: "The donor's own M code, for the standing order's description. Never reused.",
    }),
    status: z.enum(MONTHLY_STATUSES),
    paused_until: z.string().nullable().openapi({
      description: "While paused: the first month (YYYY-MM) it gives again.",
    }),
    stopped_at: DateTime.nullable(),
    created_at: DateTime,
    token: z.string().openapi({ description: "The signed token of `manage_url`." }),
    manage_url: z
      .string()
      .openapi({ description: "The gift's own page: pause, change or stop it there." }),
  })
  .strict()
  .openapi("MonthlyGift");

function giftJson(gift: MonthlyGiftView, request: Request) {
  return {
    id: gift.id,
    pool: gift.pool,
    donor_name: gift.donor_name,
    amount: gift.amount,
    day_of_month: gift.day_of_month,
    method: gift.method,
    remind_by_email: gift.remind_by_email,
    remind_by_sms: gift.remind_by_sms,
    display_in_leaderboard: gift.display_in_leaderboard,
    payment_code: gift.payment_code,
    status: gift.status,
    paused_until: gift.paused_until,
    stopped_at: gift.stopped_at,
    created_at: gift.created_at,
    token: gift.token,
    manage_url: `${siteOrigin(request)}${gift.path}`,
  };
}

const TOO_MANY = refused("Too many monthly gifts from this address; see `Retry-After`.");

export const poolMonthly = resource(
  "/api/donation-pools/{id}/monthly",
  TAG,
  { id: "donate:errors.poolNotFound" },
  {
    POST: operation({
      summary: "Give to a campaign every month",
      description:
        "By anyone, no account needed (a signed-in donor's gift is listed on their profile). " +
        "The answer carries the donor's own `payment_code` and `manage_url`; the donor is sent " +
        "both by e-mail and/or SMS as chosen.",
      access: "public",
      rawBody: { content: { "application/json": PoolMonthlySchema } },
      responses: {
        201: { description: "The monthly gift.", schema: MonthlyGift },
        409: refused("The campaign no longer takes gifts."),
        429: TOO_MANY,
      },
      handler: async ({ request, ids }) => {
        const gift = await createMonthlyGift(
          ids.id,
          await readJson(request),
          request,
          await getUser(request),
        );
        return apiJson(giftJson(gift, request), { status: 201 });
      },
    }),
  },
);

export const siteMonthly = resource(
  "/api/monthly",
  TAG,
  {},
  {
    POST: operation({
      summary: "Give to the site every month",
      description: "Like a campaign's, to StoryShare itself: at least 1,000 ₮ a month.",
      access: "public",
      rawBody: { content: { "application/json": SiteMonthlySchema } },
      responses: {
        201: { description: "The monthly gift.", schema: MonthlyGift },
        429: TOO_MANY,
      },
      handler: async ({ request }) => {
        const gift = await createMonthlyGift(
          null,
          await readJson(request),
          request,
          await getUser(request),
        );
        return apiJson(giftJson(gift, request), { status: 201 });
      },
    }),
  },
);

const NOT_FOUND = "donate:monthly.errors.notFound";

export const monthlyByToken = resource(
  "/api/monthly/{token}",
  TAG,
  {},
  {
    GET: operation({
      summary: "A monthly gift",
      description:
        "By its signed token (the end of `manage_url`). A forged token, or one of an older " +
        "link, is a 404.",
      access: "public",
      responses: { 200: { description: "The monthly gift.", schema: MonthlyGift } },
      handler: async ({ request, names }) => {
        const gift = await monthlyGiftByToken(names.token ?? "");
        if (!gift) throw new HttpError(404, NOT_FOUND);
        return apiJson(giftJson(gift, request));
      },
    }),
    PATCH: operation({
      summary: "Change, pause, resume or stop a monthly gift",
      description:
        "`intent`: `change` (a new `amount`, `day_of_month` and/or `display_in_leaderboard`, " +
        "which applies from the next month's gift), `pause` (`months`: 1–3; it " +
        "gives again from the month after the last paused one), `resume`, or `stop`. Effective " +
        "at once and confirmed to the donor. A stopped gift changes no more (409).",
      access: "public",
      rawBody: { content: { "application/json": MonthlyChangeSchema } },
      responses: {
        200: { description: "The gift as it is now.", schema: MonthlyGift },
        409: refused("Stopped, or not paused (resume)."),
      },
      handler: async ({ request, names }) => {
        const { gift } = await changeMonthlyGift(names.token ?? "", await readJson(request));
        return apiJson(giftJson(gift, request));
      },
    }),
  },
  { token: "The signed token that the gift's `manage_url` ends with." },
);
