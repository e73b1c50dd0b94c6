// "server-only" guards bundles; tests run on the server, so the guard is empty here.
export {};
