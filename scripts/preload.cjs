// Scripts run the server code outside Next.js's bundler, where "server-only" would refuse to load.
// They are server code by definition, so the guard resolves to its empty server build here.
const Module = require("node:module");
const path = require("node:path");
const empty = path.join(__dirname, "..", "node_modules", "server-only", "empty.js");
const original = Module._resolveFilename;
Module._resolveFilename = function resolve(request, ...rest) {
  if (request === "server-only") return empty;
  return original.call(this, request, ...rest);
};
