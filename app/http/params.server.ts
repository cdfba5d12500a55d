import { HttpError } from "~/http/http.server";

/** Row ids are positive integers that fit a JavaScript number exactly. */
const ID = /^[1-9]\d{0,14}$/;

/**
 * A route's id parameter (`/stories/{id}`) as a number, or null when it cannot be an id: no row
 * has it, so the route answers "not found" (never a 500 from a NaN reaching the database).
 */
export function idParam(value: string | undefined): number | null {
  return value !== undefined && ID.test(value) ? Number(value) : null;
}

/** For /api routes: the id, or a 404 with `notFound` (a translation key) as the contract's JSON. */
export function idOr404(value: string | undefined, notFound: string): number {
  const id = idParam(value);
  if (id === null) throw new HttpError(404, notFound);
  return id;
}
