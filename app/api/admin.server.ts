import { LANGUAGES } from "~/constants";
import { apiJson, HttpError, readJson } from "~/http/http.server";
import { ClearConfirmationInput, clearAllData } from "~/models/clear-data.server";
import { listFaq } from "~/models/faq.server";
import { faqTranslations, isFaqLanguage, replaceFaq } from "~/models/faq-admin.server";
import { getPremiumSettings } from "~/models/settings.server";
import {
  PremiumDirectInput,
  PremiumSettingsInput,
  updatePremiumSettings,
  updatePremiumSettingsDirect,
} from "~/models/settings-admin.server";
import { operation, patchOrPost, resource } from "./resource.server";
import { refused, Whole, z } from "./schemas.server";

/** Prices and featured days, the FAQ, and clearing the test data (spec 02 §7). */

const TAG = "Administration";

const PremiumSettings = z
  .object({
    prices: z
      .object({ daily: Whole, weekly: Whole, monthly: Whole })
      .strict()
      .openapi({ description: "Whole tugrik, at least 0." }),
    days: z
      .object({ daily: Whole, weekly: Whole, monthly: Whole })
      .strict()
      .openapi({ description: "Featured days, at least 1." }),
  })
  .strict()
  .openapi("PremiumSettings");

const FaqTranslations = z
  .object({
    language: z.enum(LANGUAGES),
    translations: z
      .object({
        questions: z.record(z.string()).openapi({ description: "q1, q2…: the questions." }),
        answers: z.record(z.string()).openapi({ description: "a1, a2…: each question's answer." }),
      })
      .strict(),
  })
  .strict()
  .openapi("FaqTranslations");

const updatePrices = operation({
  summary: "Change prices and featured days",
  description:
    "All six values; anything else is a 400 naming the field (`prices.daily`), nothing saved. " +
    "Recorded in the activity log with before and after.",
  access: "admin",
  rawBody: { content: { "application/json": PremiumSettingsInput } },
  responses: { 200: { description: "The saved settings.", schema: PremiumSettings } },
  handler: async ({ request, user }) =>
    apiJson(await updatePremiumSettings(user, await readJson(request))),
});

export const premiumSettings = resource(
  "/api/settings/premium",
  TAG,
  {},
  {
    GET: operation({
      summary: "Prices and featured days",
      description: "The saved settings, or the defaults. Kept by caches for a minute.",
      access: "public",
      responses: { 200: { description: "The settings.", schema: PremiumSettings } },
      handler: async () => {
        const { prices, days } = await getPremiumSettings();
        const response = apiJson({ prices, days });
        response.headers.set("Cache-Control", "public, max-age=60");
        return response;
      },
    }),
    ...patchOrPost(updatePrices),
  },
);

const direct = operation({
  summary: "Change prices with the secret key",
  description:
    "The hidden settings page's update, without signing in. Exists only while " +
    "PREMIUM_SETTINGS_SECRET is set (404 otherwise); attempts are limited.",
  access: "public",
  body: PremiumDirectInput.extend({
    secretKey: PremiumDirectInput.shape.secretKey.openapi({
      type: "string",
      description: "Required: the server's PREMIUM_SETTINGS_SECRET.",
    }),
    settings: PremiumDirectInput.shape.settings.openapi({
      description: "Required: `{ prices, days }`, as PATCH /api/settings/premium takes them.",
    }),
  }).openapi("PremiumSettingsDirect"),
  responses: {
    200: { description: "The saved settings.", schema: PremiumSettings },
    403: refused("Wrong secret key, or the request came from another site."),
    404: refused("The feature is off: no secret key is configured."),
    429: refused("Too many attempts; see `Retry-After`."),
  },
  handler: async ({ request, body }) => {
    const { settings, deviceCookie } = await updatePremiumSettingsDirect(
      request,
      body.secretKey,
      body.settings,
    );
    return apiJson(settings, { headers: { "Set-Cookie": deviceCookie } });
  },
});

export const premiumSettingsDirect = resource(
  "/api/settings/premium-direct",
  TAG,
  {},
  {
    ...patchOrPost(direct),
  },
);

export const clearData = resource(
  "/api/clear-all-data",
  TAG,
  {},
  {
    POST: operation({
      summary: "Clear the test data",
      description:
        "With the typed confirmation `DELETE` (or «УСТГАХ»): backs the database up, then removes " +
        "stories, comments, hearts, donations and the stories' pictures. `backup` is null on a " +
        "libSQL server, whose own backups apply.",
      access: "admin",
      body: ClearConfirmationInput.openapi("ClearConfirmation"),
      responses: {
        200: {
          description: "Cleared.",
          schema: z
            .object({
              backup: z.string().nullable(),
              removed: z
                .object({
                  stories: Whole,
                  comments: Whole,
                  hearts: Whole,
                  poolDonations: Whole,
                  donations: Whole,
                  media: Whole,
                })
                .strict(),
              poolsReset: Whole,
            })
            .strict(),
        },
      },
      handler: async ({ user, body }) => apiJson(await clearAllData(user, body.confirmation)),
    }),
  },
);

const replace = operation({
  summary: "Replace one language's FAQ",
  description:
    "Every question needs its answer (q1 with a1…), each required after trimming; otherwise a " +
    "400 with field errors and nothing changes. Recorded in the activity log.",
  access: "admin",
  rawBody: { content: { "application/json": FaqTranslations } },
  responses: { 200: { description: "The FAQ as saved.", schema: FaqTranslations } },
  handler: async ({ request, user }) => apiJson(await replaceFaq(user, await readJson(request))),
});

export const faq = resource(
  "/api/translations/faq",
  TAG,
  {},
  {
    GET: operation({
      summary: "One language's FAQ",
      access: "public",
      query: {
        language: z
          .string()
          .default("mn")
          .openapi({ type: "string", enum: [...LANGUAGES], default: "mn" }),
      },
      responses: { 200: { description: "The FAQ.", schema: FaqTranslations } },
      handler: async ({ query }) => {
        const { language } = query;
        if (!isFaqLanguage(language))
          throw new HttpError(400, "admin:faq.errors.language", {
            language: ["admin:faq.errors.language"],
          });
        return apiJson({ language, translations: faqTranslations(await listFaq(language)) });
      },
    }),
    POST: replace,
    PUT: replace,
  },
);
