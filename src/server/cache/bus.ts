import "server-only";
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { beforeCloseDb, getState, openedState } from "@/server/db/client";

/**
 * Cache invalidation across processes. A change (a session signed out, a site edited) is
 * announced on a topic: this process's caches drop the entry at once, and on PostgreSQL a NOTIFY
 * on one channel tells every other process sharing the database to do the same. PGlite is opened
 * by one process only, so there the local announcement is all there is. The database's own
 * triggers notify on the same channel (the "customer" topic, migration 0015), heard on both engines.
 *
 * Caches ask `cacheReady()` before serving a hit: until this process listens (and after a lost
 * connection, until it listens again) nothing may be served from memory, since a change announced
 * meanwhile would be missed.
 */
export type CacheTopic = "session" | "user" | "site" | "spot" | "customer" | "documents" | "metering" | "reference";

const CHANNEL = "portal_cache";
const RETRY_MS = 1_000;
type Handler = (key: string) => void;
interface Bus {
  handlers: Map<CacheTopic, Set<Handler>>;
  /** Announcements heard per topic, and resets of everything: see `announced`. */
  heard: Map<CacheTopic, number>;
  resets: number;
  /** Everything cached is dropped when the listening connection is (re)established. */
  resetters: Set<() => void>;
  starting?: Promise<void>;
  /** The LISTEN in place, if any: hits are served while it is the opened database's. */
  listener?: Listener;
  /** After a failed attempt, when the reads may try to listen again (not on every read). */
  retryAt?: number;
}

const KEY = Symbol.for("portal.cache.bus");
const g = globalThis as typeof globalThis & { [KEY]?: Bus };
function bus(): Bus {
  g[KEY] ??= { handlers: new Map(), heard: new Map(), resets: 0, resetters: new Set() };
  return g[KEY];
}

/** Registers what a topic's announcement drops; `reset` empties the whole cache. Returns nothing to undo: caches live as long as the process. */
export function onInvalidate(topic: CacheTopic, handler: Handler, reset: () => void) {
  const b = bus();
  let set = b.handlers.get(topic);
  if (!set) b.handlers.set(topic, (set = new Set()));
  set.add(handler);
  b.resetters.add(reset);
}

/** Drops an entry in this process only (other processes hear of the change another way). */
export function dropHere(topic: CacheTopic, key: string): void {
  const b = bus();
  b.heard.set(topic, (b.heard.get(topic) ?? 0) + 1);
  for (const h of b.handlers.get(topic) ?? []) h(key);
}

function resetAll() {
  const b = bus();
  b.resets++;
  for (const r of b.resetters) r();
}

/**
 * A mark of what this process has heard on the topics so far (`loadAndKeep`). A cache keeps what
 * it read only if the mark did not move while it read: a read that began before a change was
 * announced may hold what the change replaced, and the announcement has already dropped the entry
 * that read would otherwise put back for the cache's whole lifetime.
 */
function announced(topics: readonly CacheTopic[]): number {
  const b = bus();
  let n = b.resets;
  for (const t of topics) n += b.heard.get(t) ?? 0;
  return n;
}

/**
 * Reads through a cache: runs `load`, and hands its value to `keep` only if nothing was announced
 * on `topics` (the topics the cache drops entries on) while it ran.
 */
export async function loadAndKeep<T>(topics: readonly CacheTopic[], load: () => Promise<T>, keep: (value: T) => void): Promise<T> {
  const mark = announced(topics);
  const value = await load();
  if (announced(topics) === mark) keep(value);
  return value;
}

/** True when hits may be served: the process hears every other process's announcements. */
export function cacheReady(): boolean {
  // PGlite is opened by this process alone: every announcement but the database's own is local.
  return hearsDatabase() || openedState()?.engine.kind === "pglite";
}

/**
 * True when hits of a cache that the database's triggers invalidate may be served: this process
 * listens on the channel, on PostgreSQL and on PGlite alike.
 */
export function hearsDatabase(): boolean {
  const b = bus();
  const state = openedState();
  if (!state) return false;
  if (b.listener?.generation === state.generation) return true;
  // In the background: a database that cannot be reached now fails no request; a cached read a
  // second after a failed attempt tries again.
  if (!b.starting && (b.retryAt ?? 0) <= Date.now()) startListening().catch((err) => console.error("[cache] cannot listen for invalidations", err));
  return false;
}

/**
 * This process's mark on what it announces (`@<origin>/topic:key`): it dropped the entry when it
 * announced, and its own NOTIFY coming back moments later would drop again whatever a read had
 * kept in between, and make reads under way throw away what they found. The database's triggers
 * announce without a mark (`topic:key`), heard by every process.
 */
const ORIGIN = randomUUID();
const OWN = `@${ORIGIN}/`;

function onPayload(payload: string) {
  let body = payload;
  if (payload.startsWith("@")) {
    if (payload.startsWith(OWN)) return;
    body = payload.slice(payload.indexOf("/") + 1);
  }
  const sep = body.indexOf(":");
  if (sep > 0) dropHere(body.slice(0, sep) as CacheTopic, body.slice(sep + 1));
}

/** The LISTEN on one opened database; `lost` is set when its connection closes. */
interface Listener {
  generation: number;
  lost: boolean;
}

/** Starts listening (once per opened database); resolves when the LISTEN is in place. */
export async function startListening(): Promise<void> {
  const b = bus();
  const state = await getState();
  if (b.listener?.generation === state.generation) return;
  if (b.starting) return b.starting;
  const listener: Listener = { generation: state.generation, lost: false };
  // From now until it listens again, anything announced is missed: nothing is served from memory.
  const lose = () => {
    listener.lost = true;
    if (b.listener === listener) b.listener = undefined;
  };
  b.starting = (state.engine.kind === "pglite" ? listenEmbedded(state.engine.client) : listenOwnConnection(state.engine.url, lose))
    .then(async (stop) => {
      if (listener.lost) {
        await stop();
        throw new Error("the listening connection closed as it started");
      }
      b.listener = listener;
      // The database closes it with the rest (tests open and close one database after another).
      beforeCloseDb(async () => {
        lose();
        await stop();
      });
      // Whatever was announced while not listening is unknown.
      resetAll();
    })
    .catch((err) => {
      b.retryAt = Date.now() + RETRY_MS;
      console.error("[cache] cannot listen for invalidations", err);
    })
    .finally(() => {
      b.starting = undefined;
    });
  return b.starting;
}

/** PGlite: only the database's triggers notify here (announcements stay in this process). */
async function listenEmbedded(client: PGlite): Promise<() => Promise<void>> {
  const unlisten = await client.listen(CHANNEL, onPayload);
  return () => unlisten();
}

/**
 * PostgreSQL: a connection of its own, so that its loss is known (`onLost`). The driver's own
 * `listen()` subscribes again once after a lost connection and says nothing if that fails.
 */
async function listenOwnConnection(url: string, onLost: () => void): Promise<() => Promise<void>> {
  const { postgres } = await import("@/server/db/drivers/postgres");
  // `onnotify` is the driver's hook for notifications (what its `listen()` uses), not in its types.
  const options = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: "portal-cache-listener" },
    onnotify: (channel: string, payload: string) => {
      if (channel === CHANNEL) onPayload(payload);
    },
    onclose: () => {
      onLost();
      void connection.end({ timeout: 0 }).catch(() => {});
    },
  };
  const connection = postgres(url, options);
  try {
    await connection.unsafe(`listen ${CHANNEL}`);
  } catch (err) {
    await connection.end({ timeout: 0 }).catch(() => {});
    throw err;
  }
  return () => connection.end({ timeout: 1 });
}

/** Drops an entry here and in every process on the same PostgreSQL. */
export async function invalidate(topic: CacheTopic, key: string): Promise<void> {
  dropHere(topic, key);
  const state = await getState();
  if (state.engine.kind !== "postgres") return;
  await state.engine.client.notify(CHANNEL, `${OWN}${topic}:${key}`);
}
