import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { BodyLimits } from "~/http/body-limit.server";
import { parseOrThrow, readJson } from "~/http/http.server";
import { idOr404 } from "~/http/params.server";
import type { SharedChange } from "~/http/shared-cache.server";
import type { User } from "~/models/users.server";
import { keepForMembers } from "~/web/api-copies.server";
import { requireApiAdmin, requireApiUser } from "~/web/auth.server";
import { apiAction, apiLoader, type Methods, methodNotAllowed } from "~/web/route.server";
import { checkAnswer } from "./contract-check.server";
import { z } from "./schemas.server";

/**
 * One /api resource (a path) and its operations, declared once (docs/architecture.md): who may
 * call each, what it takes and what it answers. The route module's loader and action are made
 * from the declaration, and so is the OpenAPI document (openapi.server.ts), so the two cannot part.
 *
 * The declaration owns what every operation shares: 405 with `Allow` for a method it does not
 * take, 404 for an id that cannot be an id, 401/403 for who may call, 400 with translated field
 * errors for a body or query its schemas refuse. The wrappers in route.server.ts keep the rest
 * (same-origin check, bounded bodies, 503 on a full disk, the fresh cookie, the error shape).
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHOD_ORDER: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
export type Access = "public" | "user" | "admin";

export interface AnswerSpec {
  description: string;
  /** The JSON body; none for an answer without one. */
  schema?: z.ZodTypeAny;
  headers?: Record<string, { description: string; schema: z.ZodTypeAny }>;
}

type Infer<S> = S extends z.ZodTypeAny ? z.infer<S> : undefined;
type Query = Record<string, z.ZodTypeAny>;
type QueryOf<Q> = Q extends Query ? { [K in keyof Q]: z.infer<Q[K]> } : undefined;

export interface Context<P extends string, A extends Access, Q, B> {
  request: Request;
  /** The path's ids, checked: positive whole numbers. */
  ids: Record<P, number>;
  /** The path's text parameters (a username), as the client wrote them, decoded. */
  names: Record<string, string>;
  query: QueryOf<Q>;
  body: Infer<B>;
  user: A extends "public" ? null : User;
}

export interface Operation<
  P extends string = string,
  A extends Access = Access,
  Q extends Query | undefined = Query | undefined,
  B extends z.ZodTypeAny | undefined = z.ZodTypeAny | undefined,
> {
  summary: string;
  description?: string;
  access: A;
  query?: Q;
  /** A JSON body checked by this schema before the handler runs. */
  body?: B;
  /**
   * A body the handler (or the service it calls) reads itself, documented per content type: one
   * whose rules live in the service's own schema, or files.
   */
  rawBody?: { content: Record<string, z.ZodTypeAny>; required?: boolean };
  bodyLimit?: Partial<BodyLimits>;
  /** What a write changes for the shared cache in front (decision 046); every shared page unless said. */
  changes?: SharedChange;
  /** Anonymous answers are the same for everyone: a shared cache may keep them (decision 014). */
  sharedCache?: boolean;
  /**
   * A member's answer is the anonymous one (the handler reads no session): kept as a members'
   * copy that the front's channel gives the next member (decision 071). Public and shared only.
   */
  sameForMembers?: boolean;
  /** The answers the operation itself gives; the shared refusals are added by the declaration. */
  responses: Record<number, AnswerSpec>;
  handler: (context: Context<P, A, Q, B>) => Promise<Response>;
}

export interface Resource<P extends string = string> {
  /** The path as the document writes it: /api/stories/{id}. */
  path: string;
  tag: string;
  /** Each path id and the message of its 404 (a translation key). */
  ids: Record<P, string>;
  /** Each text parameter of the path (not an id) and what it is, for the document. */
  names: Record<string, string>;
  operations: Partial<Record<Method, Operation<P>>>;
  /** The methods it takes, as its 405 answers list them in `Allow`. */
  allow: Methods;
  loader: (args: LoaderFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
}

/** Declares one operation, with its types inferred (the handler sees parsed, typed input). */
export function operation<
  P extends string,
  A extends Access,
  Q extends Query | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
>(spec: Operation<P, A, Q, B>): Operation<P, A, Q, B> {
  return spec;
}

/**
 * An operation the specification sends as PATCH, taken as POST too (the same operation) for
 * clients and forms that cannot send PATCH.
 */
export function patchOrPost<
  P extends string,
  A extends Access,
  B extends z.ZodTypeAny | undefined = undefined,
>(op: Operation<P, A, undefined, B>) {
  return { PATCH: op, POST: op };
}

export function resource<P extends string = never>(
  path: string,
  tag: string,
  ids: Record<P, string>,
  // Each operation keeps its own query and body types (its handler is typed by them); `any` here
  // only lets operations of different shapes sit in one record.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  operations: Partial<Record<Method, Operation<P, Access, any, any>>>,
  /** Path parameters that are text, not ids (`/api/authors/{username}/…`): name → description. */
  names: Record<string, string> = {},
): Resource<P> {
  // In one order whatever the declaration's: the Allow header reads the same everywhere.
  const allow = METHOD_ORDER.filter((m) => m in operations) as unknown as Methods;
  const ops = operations as Partial<Record<Method, Operation<P>>>;

  async function run(op: Operation<P>, args: LoaderFunctionArgs | ActionFunctionArgs) {
    const { request } = args;
    const user =
      op.access === "admin"
        ? await requireApiAdmin(request)
        : op.access === "user"
          ? await requireApiUser(request)
          : null;
    const checked = {} as Record<P, number>;
    for (const [name, notFound] of Object.entries(ids) as [P, string][]) {
      checked[name] = idOr404(args.params[name], notFound);
    }
    const query = op.query
      ? parseOrThrow(z.object(op.query), Object.fromEntries(new URL(request.url).searchParams))
      : undefined;
    const body = op.body ? parseOrThrow(op.body, await readJson(request)) : undefined;
    const named = Object.fromEntries(
      Object.keys(names).map((name) => [name, String(args.params[name] ?? "")]),
    );
    return op.handler({ request, ids: checked, names: named, query, body, user } as never);
  }

  async function serve(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    const method = (args.request.method === "HEAD" ? "GET" : args.request.method) as Method;
    const op = ops[method];
    let answer: Response;
    if (!op) answer = await methodNotAllowed(args, allow);
    else if (method === "GET")
      answer = await apiLoader(args, (a) => run(op, a), { sharedCache: op.sharedCache });
    else
      answer = await apiAction(args, allow, (a) => run(op, a), {
        ...op.bodyLimit,
        changes: op.changes,
      });
    answer = await checkAnswer(declared, method, answer);
    if (method === "GET" && op?.sameForMembers && op.access === "public" && op.sharedCache) {
      return keepForMembers(args.request, answer);
    }
    return answer;
  }

  const declared: Resource<P> = {
    path,
    tag,
    ids,
    names,
    operations: ops,
    allow,
    loader: serve,
    action: serve,
  };
  return declared;
}
