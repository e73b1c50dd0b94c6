import "server-only";
import { timestamp } from "drizzle-orm/pg-core";

/** When a row was created (UTC), set by the database. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When a row last changed (UTC); writers set it on update. */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
