/**
 * How a server process is started: Node itself with the TypeScript loader in the same process
 * (`tsx`'s command would add a wrapper process of ~50 MB), and the memory settings below.
 * `npm start` and `npm run serve` (package.json) pass the same flags and environment (a test
 * checks); the benches and the browser tests start the server through here. Workers of
 * `--workers N` inherit them.
 *
 * `--heap-growing-percent=50`: after a full collection V8 lets the old generation grow to 1.5 times
 * what survived, where its default grows it by up to four times under allocation-heavy load. The
 * server's live heap is ~140 MB; with the default its resident size reached ~750 MB after 20,000
 * mixed requests, with this ~410 MB, for 4–10 % more CPU per page (docs/performance.md).
 *
 * `--max-semi-space-size=4`: the young generation's two halves of 4 MB instead of Node 20's 16 MB
 * on 64-bit: 8 MB of new space instead of 32 MB, resident under load (decision 0037).
 */
export const SERVER_NODE_FLAGS = ["--heap-growing-percent=50", "--max-semi-space-size=4"];

/**
 * The C library's allocator keeps at most 128 kB free at the top of each of its arenas and gives
 * larger blocks back at once. By default glibc raises that threshold, up to 64 MB per arena, each
 * time a large block is freed: the optimising WebAssembly compiler of the embedded database frees
 * many, on several threads (decision 0037).
 */
export const SERVER_ENV = { MALLOC_TRIM_THRESHOLD_: "131072" } as const;

/** `node` arguments that run `script` (a TypeScript file under the repository root) as the server does. */
export function serverNodeArgs(script: string, args: string[] = []): string[] {
  return [...SERVER_NODE_FLAGS, "--import", "tsx", "--require", "./scripts/preload.cjs", script, ...args];
}

/** The environment a server process starts with: `env` and the allocator's settings. */
export function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, ...SERVER_ENV };
}
