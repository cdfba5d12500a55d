import { createClient } from "@libsql/client";

const db = createClient({ url: `file:${process.argv[2]}` });
const r = await db.execute(process.argv[3]);
console.log(JSON.stringify(r.rows));
