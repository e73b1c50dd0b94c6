import "server-only";
import { getDb } from "@/server/db/client";
import { clientLogs } from "@/server/db/schema";

export async function recordClientLog(entry: typeof clientLogs.$inferInsert): Promise<string> {
  const db = await getDb();
  const [row] = await db.insert(clientLogs).values(entry).returning({ id: clientLogs.id });
  return row.id;
}
