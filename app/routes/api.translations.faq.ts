import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth.server";
import { listFaq } from "~/models/faq.server";
import { faqTranslations, isFaqLanguage, replaceFaq } from "~/models/faq-admin.server";
import { apiJson, HttpError, readJson } from "~/utils/http.server";
import { apiAction, apiLoader, type Methods } from "~/utils/route.server";

export const ALLOW = ["GET", "POST", "PUT"] as const satisfies Methods;

/**
 * GET /api/translations/faq?language=mn|en: one language's FAQ as `{ language, translations:
 * { questions: {q1…}, answers: {a1…} } }` (public, like the /faq page).
 */
export const loader = (args: LoaderFunctionArgs) =>
  apiLoader(args, async ({ request }) => {
    const language = new URL(request.url).searchParams.get("language") ?? "mn";
    if (!isFaqLanguage(language))
      throw new HttpError(400, "admin:faq.errors.language", {
        language: ["admin:faq.errors.language"],
      });
    return apiJson({ language, translations: faqTranslations(await listFaq(language)) });
  });

/**
 * POST /api/translations/faq { language, translations: { questions, answers } } (admin, spec 02
 * §7): replaces that language's FAQ. Every question and answer is required after trimming and
 * comes in pairs (qN with aN); otherwise 400 with field errors and nothing changes. Audited.
 */
export const action = (args: ActionFunctionArgs) =>
  apiAction(args, ALLOW, async ({ request }) => {
    const admin = await requireApiAdmin(request);
    return apiJson(await replaceFaq(admin, await readJson(request)));
  });
