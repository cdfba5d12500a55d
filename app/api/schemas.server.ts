import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

/**
 * The building blocks of the /api contract's declarations (docs/architecture.md): zod with
 * `.openapi()` (names a schema in the published document), and the shapes every operation shares.
 * Server-only: the browser never loads a declaration.
 */
extendZodWithOpenApi(z);

export { z };

/** DESIGN §5: every refusal and failure answers this, its messages in the caller's language. */
export const ApiError = z
  .object({
    error: z.string().openapi({ description: "What went wrong, in the request's language." }),
    fieldErrors: z
      .record(z.array(z.string()))
      .optional()
      .openapi({ description: "Per field, what is wrong with it (400 only)." }),
  })
  .strict()
  .openapi("Error", { description: "The answer to every refusal and failure." });

/** An operation's own refusal (a 409, a 429…), documented with the shared error shape. */
export const refused = (description: string) => ({ description, schema: ApiError });

export const Success = z
  .object({ success: z.literal(true) })
  .strict()
  .openapi("Success");

/** An amount or count in whole units (tugrik, items). */
export const Whole = z.number().int();

/** Dates travel as ISO 8601 strings. */
export const DateTime = z.string().openapi({ format: "date-time" });

/**
 * `page` and `pageSize` of a list: forgiving, as the screens are (a page that cannot be a page is
 * the first one; the size is capped at 50), so a script never gets a 400 for paging.
 */
export function pagingQuery(defaultSize: number, maxSize = 50) {
  return {
    page: z.coerce
      .number()
      .int()
      .min(1)
      .catch(1)
      .default(1)
      .openapi({ type: "integer", minimum: 1, default: 1, description: "From 1." }),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .catch(defaultSize)
      .default(defaultSize)
      .transform((size) => Math.min(size, maxSize))
      .openapi({ type: "integer", minimum: 1, maximum: maxSize, default: defaultSize }),
  };
}

/** The totals a paged list sends in its headers. */
export const PAGING_HEADERS = {
  "X-Total-Count": { description: "How many items there are in all.", schema: Whole },
  "X-Page-Count": { description: "How many pages of this size.", schema: Whole },
};
