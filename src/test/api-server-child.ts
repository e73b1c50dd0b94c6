/**
 * A second portal process for tests of what several processes on one PostgreSQL must agree on:
 * serves the API on an ephemeral loopback port of its own and prints `PORT <n>` when it listens.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createApiListener } from "@/api/listener";
import { closeDb, getDb } from "@/server/db/client";
import { startListening } from "@/server/cache/bus";

async function main() {
  await getDb();
  await startListening();
  const server = http.createServer(createApiListener({ trustProxy: true }));
  server.listen(0, "127.0.0.1", () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
  const stop = () => {
    server.close();
    server.closeAllConnections();
    void closeDb().finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

void main();
