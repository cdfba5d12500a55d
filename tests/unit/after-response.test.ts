import { afterEach, describe, expect, it, vi } from "vitest";
import { afterResponse, settleDeferred } from "~/http/after-response.server";
import { logger } from "~/lib/logger.server";

/** Issue 38 item 8: work deferred past the answer runs, and its failure is logged, never lost. */

afterEach(() => vi.restoreAllMocks());

describe("afterResponse", () => {
  it("runs the task after the caller has gone on, not during the call", async () => {
    const order: string[] = [];
    afterResponse("test.order", async () => {
      order.push("task");
    });
    order.push("answer");
    await Promise.resolve();
    expect(order).toEqual(["answer"]);
    await vi.waitFor(() => expect(order).toEqual(["answer", "task"]), { timeout: 2000 });
  });

  it("logs a failing task with its name; the others still run", async () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    let ran = false;
    afterResponse("test.fails", async () => {
      throw new Error("smtp down");
    });
    afterResponse("test.runs", async () => {
      ran = true;
    });
    await settleDeferred();
    expect(ran).toBe(true);
    expect(error).toHaveBeenCalledWith(
      "deferred.failed",
      expect.objectContaining({ task: "test.fails", error: "smtp down" }),
    );
  });
});
