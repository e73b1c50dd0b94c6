import "server-only";
import type { ServerResponse } from "node:http";

/**
 * At most `limit` page renders at a time; the others wait their turn in arrival order.
 *
 * A page render is CPU work with a few database waits in between. With fifty renders in flight the
 * process holds fifty half-built pages: the heap grows, the collector runs more, and every render
 * finishes late. A few renders at a time keep the cores busy through the waits and finish each
 * render at full speed (docs/performance.md, "Pages under load"). Requests that need no render
 * (the API, built assets) never wait here.
 *
 * A slot is freed when the answer is handed to the socket or the connection closes, and at the
 * latest after `holdMs`: a client that reads slowly cannot keep a slot. A request whose client
 * leaves while it waits is dropped without being rendered.
 */
export class RenderGate {
  private active = 0;
  /** Waiting renders: what a person asked for first, then the router's prefetches. */
  private readonly queues: [Waiting[], Waiting[]] = [[], []];

  constructor(
    readonly limit: number,
    private readonly holdMs = 10_000,
  ) {}

  /** Renders in flight and requests waiting (for tests and the bench). */
  get load() {
    return { active: this.active, waiting: this.queues[0].length + this.queues[1].length };
  }

  /**
   * Calls `start` when a slot is free; the slot is tied to `res`. A prefetch (the router fetching a
   * page a link points to, before anyone clicks) waits behind every page a person asked for.
   */
  admit(res: ServerResponse, start: () => void, prefetch = false): void {
    if (this.active < this.limit) return this.run(res, start);
    this.queues[prefetch ? 1 : 0].push({ res, start });
  }

  private run(res: ServerResponse, start: () => void) {
    this.active++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      this.active--;
      this.next();
    };
    const timer = setTimeout(release, this.holdMs);
    timer.unref();
    res.once("finish", release);
    res.once("close", release);
    start();
  }

  private next() {
    while (this.active < this.limit) {
      const entry = this.queues[0].shift() ?? this.queues[1].shift();
      if (!entry) return;
      // The client left while waiting: nothing to render for.
      if (entry.res.destroyed || entry.res.socket?.destroyed) continue;
      this.run(entry.res, entry.start);
    }
  }
}

interface Waiting {
  res: ServerResponse;
  start: () => void;
}

/** Whether Next.js renders the answer: not its built assets, not a file of `public/` (a name with an extension). */
export function rendersPage(url: string | undefined): boolean {
  if (!url || url.startsWith("/_next/")) return false;
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  return !path.slice(path.lastIndexOf("/") + 1).includes(".");
}
