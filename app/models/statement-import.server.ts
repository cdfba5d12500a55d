import { desc, eq, sql } from "drizzle-orm";
import { db } from "#db/client";
import { statementImports, statementLines, users } from "#db/schema";
import { HttpError } from "~/http/http.server";
import { readFormWithFile } from "~/http/upload.server";
import type { ToastMessage } from "~/lib/toast";
import { auditEntry } from "~/models/audit.server";
import {
  type ColumnMap,
  detectColumns,
  guessMapping,
  PRESET_IDS,
  type PresetId,
  readLines,
  type StatementLineInput,
  validMapping,
} from "~/models/statement-columns.server";
import { type Grid, MAX_STATEMENT_BYTES, readStatement } from "~/models/statement-file.server";
import type { User } from "~/models/users.server";

/**
 * Uploading a bank statement (issue 7): the file is read, its columns recognised (or mapped by
 * hand in a second step), and each incoming transfer stored once. A line already stored from an
 * earlier upload is skipped by its fingerprint, so uploading the same statement twice, or two
 * statements that overlap, adds only what is new.
 */

type Admin = Pick<User, "id" | "username">;

export type PresetChoice = PresetId | "auto";

export interface ImportOutcome {
  importId: number;
  status: "imported" | "needs_mapping";
  preset: string | null;
  linesNew: number;
  linesDuplicate: number;
  linesOutgoing: number;
  linesUnreadable: number;
}

/** The columns by the bank the administrator chose, or by whichever preset recognises the file. */
const columnsFor = (grid: Grid, choice: PresetChoice) =>
  detectColumns(grid, choice === "auto" ? PRESET_IDS : [choice]);

async function storeLines(importId: number, lines: StatementLineInput[]) {
  let added = 0;
  for (let i = 0; i < lines.length; i += 200) {
    const chunk = lines.slice(i, i + 200);
    const inserted = await db
      .insert(statementLines)
      .values(chunk.map((line) => ({ ...line, import_id: importId })))
      .onConflictDoNothing({ target: statementLines.fingerprint })
      .returning({ id: statementLines.id });
    added += inserted.length;
  }
  return added;
}

/** Reads the grid with a column map and stores its lines under the import; records the counts. */
async function finishImport(
  importId: number,
  grid: Grid,
  map: ColumnMap,
  preset: string,
  admin: Admin,
): Promise<ImportOutcome> {
  const read = readLines(grid, map);
  const linesNew = await storeLines(importId, read.lines);
  const outcome: ImportOutcome = {
    importId,
    status: "imported",
    preset,
    linesNew,
    linesDuplicate: read.lines.length - linesNew,
    linesOutgoing: read.outgoing,
    linesUnreadable: read.unreadable,
  };
  await db.batch([
    db
      .update(statementImports)
      .set({
        status: "imported",
        preset,
        pending_file: null,
        lines_new: outcome.linesNew,
        lines_duplicate: outcome.linesDuplicate,
        lines_outgoing: outcome.linesOutgoing,
        lines_unreadable: outcome.linesUnreadable,
      })
      .where(eq(statementImports.id, importId)),
    auditEntry(admin, "statement.import", "statement_import", importId, {
      preset,
      new: outcome.linesNew,
      duplicate: outcome.linesDuplicate,
      outgoing: outcome.linesOutgoing,
      unreadable: outcome.linesUnreadable,
    }),
  ]);
  return outcome;
}

/** The file name as shown in the history: no folders, no control characters, not too long. */
const cleanName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 120) || "statement";

/**
 * Imports an uploaded statement. When its columns are not recognised, the file is kept with the
 * import (`needs_mapping`) until an administrator says which column is which.
 */
export async function importStatement(
  file: { name: string; bytes: Uint8Array },
  choice: PresetChoice,
  admin: Admin,
): Promise<ImportOutcome> {
  if (choice !== "auto" && !PRESET_IDS.includes(choice))
    throw new HttpError(400, "admin:reconcile.errors.unknownPreset");
  const table = await readStatement(file.bytes);
  const columns = columnsFor(table.grid, choice);
  const [row] = await db
    .insert(statementImports)
    .values({
      file_name: cleanName(file.name),
      encoding: table.encoding,
      status: "needs_mapping",
      pending_file: columns ? null : Buffer.from(file.bytes).toString("base64"),
      uploaded_by: admin.id,
    })
    .returning({ id: statementImports.id });
  const importId = row!.id;
  if (!columns) {
    return {
      importId,
      status: "needs_mapping",
      preset: null,
      linesNew: 0,
      linesDuplicate: 0,
      linesOutgoing: 0,
      linesUnreadable: 0,
    };
  }
  return finishImport(importId, table.grid, columns.map, columns.preset, admin);
}

/**
 * A statement posted as multipart (`statement` file, optional `preset`), by the screen or the
 * /api: read with the size limit, then imported.
 */
export async function importUploadedStatement(request: Request, admin: Admin) {
  const upload = await readFormWithFile(request, "statement", MAX_STATEMENT_BYTES);
  if (upload.fileError) throw new HttpError(413, "admin:reconcile.errors.tooLarge");
  if (!upload.file) throw new HttpError(400, "admin:reconcile.errors.noFile");
  return importStatement(
    { name: upload.fileName ?? "statement", bytes: upload.file },
    String(upload.form.get("preset") ?? "auto") as PresetChoice,
    admin,
  );
}

/** What an import did, as the toast that tells the administrator. */
export function importToast(outcome: ImportOutcome): ToastMessage {
  if (outcome.status === "needs_mapping") {
    return { type: "info", title: "admin:reconcile.toast.needsMapping" };
  }
  return {
    type: "success",
    title: "admin:reconcile.toast.imported",
    description: "admin:reconcile.toast.importedCounts",
    values: {
      new: outcome.linesNew,
      duplicate: outcome.linesDuplicate,
      outgoing: outcome.linesOutgoing,
      unreadable: outcome.linesUnreadable,
    },
  };
}

async function pendingImport(importId: number) {
  const found = await db.query.statementImports.findFirst({
    where: eq(statementImports.id, importId),
  });
  if (!found) throw new HttpError(404, "admin:reconcile.errors.importNotFound");
  if (found.status !== "needs_mapping" || !found.pending_file)
    throw new HttpError(409, "admin:reconcile.errors.alreadyImported");
  const table = await readStatement(Buffer.from(found.pending_file, "base64"));
  return { found, grid: table.grid };
}

/** The first rows of a file waiting for its columns, as text, for the mapping screen. */
export async function mappingPreview(importId: number) {
  const { found, grid } = await pendingImport(importId);
  const rows = grid
    .slice(0, 15)
    .map((row) =>
      row.map((cell) =>
        cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell ?? "").slice(0, 80),
      ),
    );
  const width = Math.max(0, ...grid.slice(0, 50).map((r) => r.length));
  return { importId, fileName: found.file_name, rows, width, guess: guessMapping(grid) };
}

/** Imports a waiting file with the columns an administrator chose. */
export async function importWithMapping(
  importId: number,
  map: ColumnMap,
  admin: Admin,
): Promise<ImportOutcome> {
  const { grid } = await pendingImport(importId);
  if (!validMapping(map, grid)) throw new HttpError(400, "admin:reconcile.errors.badMapping");
  const read = readLines(grid, map);
  // Columns that yield no transfer at all are surely the wrong ones: the file stays waiting.
  if (read.lines.length === 0 && read.outgoing === 0)
    throw new HttpError(422, "admin:reconcile.errors.noLines");
  return finishImport(importId, grid, map, "manual", admin);
}

/** Earlier uploads, newest first, with who uploaded them and what each added. */
export function listImports(limit = 20) {
  return db
    .select({
      id: statementImports.id,
      file_name: statementImports.file_name,
      preset: statementImports.preset,
      encoding: statementImports.encoding,
      status: statementImports.status,
      lines_new: statementImports.lines_new,
      lines_duplicate: statementImports.lines_duplicate,
      lines_outgoing: statementImports.lines_outgoing,
      lines_unreadable: statementImports.lines_unreadable,
      created_at: statementImports.created_at,
      uploaded_by: users.username,
      confirmed: sql<number>`(SELECT count(*) FROM statement_lines l
                               WHERE l.import_id = ${statementImports.id} AND l.status = 'confirmed')`,
    })
    .from(statementImports)
    .leftJoin(users, eq(users.id, statementImports.uploaded_by))
    .orderBy(desc(statementImports.created_at), desc(statementImports.id))
    .limit(limit);
}
