import { apiJson, readJson } from "~/http/http.server";
import { getT } from "~/i18next.server";
import { requestMonthlyLinks } from "~/models/monthly-relink.server";
import { MonthlyRelinkSchema } from "~/schemas/monthly-relink";
import { operation, resource } from "./resource.server";
import { refused, z } from "./schemas.server";

/** "Send me a fresh link" for monthly gifts (issue 43), as the /monthly page does it. */

const Accepted = z
  .object({
    message: z.string().openapi({
      description: "The same words whether or not any gift matched, in the request's language.",
    }),
  })
  .strict()
  .openapi("MonthlyLinksAccepted");

export const monthlyLinks = resource(
  "/api/monthly/links",
  "Monthly gifts",
  {},
  {
    POST: operation({
      summary: "Have new links to one's monthly gifts sent",
      description:
        "`contact`: the e-mail address or phone number given with the monthly gifts. Every " +
        "monthly gift with it (stopped ones too) gets a new link, and the older links stop " +
        "working at once; the new links are sent to that address by e-mail, or to that number " +
        "by text message. The answer is the same whether or not any gift matched. Limited per " +
        "client address and per contact.",
      access: "public",
      rawBody: { content: { "application/json": MonthlyRelinkSchema } },
      changes: "none",
      responses: {
        202: { description: "Taken; any links go out shortly.", schema: Accepted },
        429: refused("Too many requests from this address or for this contact; see `Retry-After`."),
      },
      handler: async ({ request }) => {
        await requestMonthlyLinks(await readJson(request), request);
        const t = await getT(request, "donate");
        return apiJson({ message: t("monthly.relink.sent") }, { status: 202 });
      },
    }),
  },
);
