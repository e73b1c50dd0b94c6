import "server-only";
import type { Db } from "@/server/db/client";
import type { DemoPlan } from "./plan";

export interface SeedContext {
  db: Db;
  plans: DemoPlan[];
  log: (message: string) => void;
}

/** One area's part of the demo data (SEEDERS in seed.ts), read from the same plan. */
export interface Seeder {
  name: string;
  run: (ctx: SeedContext) => Promise<void>;
}
