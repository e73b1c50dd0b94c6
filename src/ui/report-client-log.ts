import { randomId } from "@/ui/api";

/** Sends a client-side log line to POST /api/logs; never throws. */
export async function reportClientLog(level: "debug" | "info" | "warn" | "error", message: string, payload?: Record<string, unknown>) {
  try {
    await fetch("/api/logs", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": randomId() },
      body: JSON.stringify({ level, message: message.slice(0, 2000), payload: payload ?? null }),
      keepalive: true,
    });
  } catch {
    // Logging must never break the page.
  }
}
