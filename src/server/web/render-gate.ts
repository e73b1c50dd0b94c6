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
  private readonly queue: { res: ServerResponse; start: () => void }[] = [];
  private head = 0;

  constructor(
    readonly limit: number,
    private readonly holdMs = 10_000,
  ) {}

  /** Renders in flight and requests waiting (for tests and the bench). */
  get load() {
    return { active: this.active, waiting: this.queue.length - this.head };
  }

  /** Calls `start` when a slot is free; the slot is tied to `res`. */
  admit(res: ServerResponse, start: () => void): void {
    if (this.active < this.limit) return this.run(res, start);
    this.queue.push({ res, start });
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
    while (this.active < this.limit && this.head < this.queue.length) {
      const entry = this.queue[this.head++];
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      // The client left while waiting: nothing to render for.
      if (entry.res.destroyed || entry.res.socket?.destroyed) continue;
      this.run(entry.res, entry.start);
    }
  }
}

/** Whether Next.js renders the answer: not its built assets, not a file of `public/` (a name with an extension). */
export function rendersPage(url: string | undefined): boolean {
  if (!url || url.startsWith("/_next/")) return false;
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  return !path.slice(path.lastIndexOf("/") + 1).includes(".");
}
