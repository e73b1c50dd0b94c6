/** Runs one statement on the PostgreSQL server itself (creating and dropping the benches' scratch databases). */
export async function adminStatement(url: string, statement: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}
