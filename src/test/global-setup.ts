/** Nothing to start globally: each test file opens its own database (see src/test/db.ts). */
export default function setup() {}
