import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { ADMIN } from "../e2e/fixtures";

/**
 * Helpers of the abuse suite: each actor is its own cookie jar, talking to the production build
 * over HTTP as an attacker would.
 */

export const SESSION_COOKIE = "storyshare_session";
let counter = 0;

export async function anonymous(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL });
}

/** A fresh account, signed in (its own cookie jar). */
export async function newUser(
  prefix = "sec",
): Promise<{ api: APIRequestContext; username: string }> {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  const api = await anonymous();
  const res = await api.post("/api/register", { data: { username, password: "secret-pass" } });
  if (res.status() !== 201) throw new Error(`register ${username}: ${res.status()}`);
  return { api, username };
}

export async function admin(): Promise<APIRequestContext> {
  const api = await anonymous();
  const res = await api.post("/api/login", { data: ADMIN });
  if (!res.ok()) throw new Error(`admin login: ${res.status()}`);
  return api;
}

/** The value of the session cookie a context holds, or null. */
export async function sessionOf(api: APIRequestContext) {
  const state = await api.storageState();
  return state.cookies.find((c) => c.name === SESSION_COOKIE) ?? null;
}

/** An active pool to pledge to (the demo content has several). */
export async function activePoolId(api: APIRequestContext): Promise<number> {
  const pools = (await (await api.get("/api/donation-pools")).json()) as {
    id: number;
    status: string;
  }[];
  const pool = pools.find((p) => p.status === "active");
  if (!pool) throw new Error("no active pool");
  return pool.id;
}

/** A story that is approved and public. */
export async function publicStoryId(api: APIRequestContext): Promise<number> {
  const res = await api.get("/api/stories/regular?page=1");
  const body = await res.json();
  const list = Array.isArray(body) ? body : body.stories;
  return list[0].id;
}
