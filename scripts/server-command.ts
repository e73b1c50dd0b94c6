/**
 * How a server process is started: Node itself with the TypeScript loader in the same process
 * (`tsx`'s command would add a wrapper process of ~50 MB), and V8's heap kept closer to what is
 * live. `npm start` and `npm run serve` (package.json) pass the same flags; the benches and the
 * browser tests start the server through here. Workers of `--workers N` inherit them.
 *
 * `--heap-growing-percent=50`: after a full collection V8 lets the old generation grow to 1.5 times
 * what survived, where its default grows it by up to four times under allocation-heavy load. The
 * server's live heap is ~140 MB; with the default its resident size reached ~750 MB after 20,000
 * mixed requests, with this ~410 MB, for 4–10 % more CPU per page (docs/performance.md).
 */
export const SERVER_NODE_FLAGS = ["--heap-growing-percent=50"];

/** `node` arguments that run `script` (a TypeScript file under the repository root) as the server does. */
export function serverNodeArgs(script: string, args: string[] = []): string[] {
  return [...SERVER_NODE_FLAGS, "--import", "tsx", "--require", "./scripts/preload.cjs", script, ...args];
}
