import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * Decision 044: patches/@libsql+client+*.patch keeps each prepared statement of the embedded
 * database by its text, instead of preparing it (and reading its columns) on every call. What a
 * kept statement answers must stay exactly what a fresh one would.
 */
let dir: string;
let client: ReturnType<typeof createClient>;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "prepared-"));
  client = createClient({ url: `file:${path.join(dir, "t.db")}` });
});
afterEach(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("kept prepared statements (embedded database)", () => {
  it("is installed in both builds of the client", () => {
    for (const file of ["lib-esm", "lib-cjs"]) {
      const source = readFileSync(
        path.resolve("node_modules/@libsql/client", file, "sqlite3.js"),
        "utf8",
      );
      expect(source, file).toContain("preparedStatement(db, sql)");
    }
  });

  it("answers each call with its own arguments and sees every write", async () => {
    await client.execute("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)");
    const insert = "INSERT INTO t (a, b) VALUES (?, ?)";
    const select = "SELECT a, b FROM t WHERE a >= ? ORDER BY a";
    await client.execute({ sql: insert, args: [1, "one"] });
    await client.execute({ sql: insert, args: [2, "two"] });
    expect((await client.execute({ sql: select, args: [2] })).rows.map((r) => r.b)).toEqual([
      "two",
    ]);
    expect((await client.execute({ sql: select, args: [1] })).rows.map((r) => r.b)).toEqual([
      "one",
      "two",
    ]);
    const written = await client.execute({ sql: insert, args: [3, "three"] });
    expect(written.rowsAffected).toBe(1);
    expect(written.lastInsertRowid).toBe(3n);
    expect((await client.execute({ sql: select, args: [1] })).rows).toHaveLength(3);
  });

  it("prepares a failed statement afresh and goes on", async () => {
    await client.execute("CREATE TABLE t (a INTEGER PRIMARY KEY)");
    const insert = "INSERT INTO t (a) VALUES (?)";
    await client.execute({ sql: insert, args: [1] });
    await expect(client.execute({ sql: insert, args: [1] })).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
    });
    await client.execute({ sql: insert, args: [2] });
    expect((await client.execute("SELECT count(*) AS n FROM t")).rows[0]!.n).toBe(2);
  });

  it("reads a statement's columns again after the schema changes", async () => {
    await client.execute("CREATE TABLE t (a INTEGER)");
    await client.execute("INSERT INTO t (a) VALUES (1)");
    const all = "SELECT * FROM t";
    expect((await client.execute(all)).columns).toEqual(["a"]);
    await client.execute("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'");
    expect((await client.execute(all)).columns).toEqual(["a", "b"]);
    await client.executeMultiple("ALTER TABLE t ADD COLUMN c TEXT DEFAULT 'y';");
    const after = await client.execute(all);
    expect(after.columns).toEqual(["a", "b", "c"]);
    expect(after.rows[0]).toMatchObject({ a: 1, b: "x", c: "y" });
    await client.execute(
      "-- a migration's note\n/* and another */ ALTER TABLE t ADD COLUMN d INTEGER",
    );
    expect((await client.execute(all)).columns).toEqual(["a", "b", "c", "d"]);
  });

  it("works inside a transaction and after it", async () => {
    await client.execute("CREATE TABLE t (a INTEGER)");
    const insert = "INSERT INTO t (a) VALUES (?)";
    const tx = await client.transaction("write");
    await tx.execute({ sql: insert, args: [1] });
    await tx.rollback();
    const tx2 = await client.transaction("write");
    await tx2.execute({ sql: insert, args: [2] });
    await tx2.commit();
    expect((await client.execute("SELECT a FROM t")).rows.map((r) => r.a)).toEqual([2]);
  });
});
