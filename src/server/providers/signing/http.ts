import "server-only";
import type { SigningProvider, SigningStatus, StartSigningInput } from "./types";
import { SigningError } from "./types";

/**
 * A document-signing gateway's HTTP API, in the shape of Dokobit's Documents Gateway:
 *   POST {base}/api/file/upload.json?access_token=…     { file: { name, content (base64) } }
 *        → { status: "ok", token }                       (the uploaded file's token)
 *   POST {base}/api/signing/create.json?access_token=…  { type: "pdf", name, files: [{ token }],
 *        signers: [{ id, name, surname, code, country_code }], language, redirect_uri, deadline }
 *        → { status: "ok", token, signers: { [id]: signerAccessToken } }
 *   The signer signs at {base}/signing/{token}?access_token={signerAccessToken}.
 *   GET  {base}/api/signing/{token}/status.json?access_token=…
 *        → { status: "ok", signing: { status: "pending" | "completed" | "expired" }, signers: [{ id, status: "pending" | "signed" | "declined", signing_time? }] }
 *   GET  {base}/api/signing/{token}/download?access_token=…   → the signed PDF
 * Answers of 5xx and network failures are retryable; 4xx and { status: "error" } are not.
 */
export function httpSigningProvider(opts: { baseUrl: string; accessToken: string; timeoutMs?: number }): SigningProvider {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const url = (path: string) => `${base}${path}?access_token=${encodeURIComponent(opts.accessToken)}`;
  const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(url(path), {
        method,
        headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new SigningError(`signing gateway unreachable: ${(err as Error).message}`, true);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new SigningError(`signing gateway answered ${res.status}`, res.status >= 500);
    }
    return res;
  };
  const json = async (method: string, path: string, body?: unknown) => {
    const res = await send(method, path, body);
    let answer: Record<string, unknown>;
    try {
      answer = (await res.json()) as Record<string, unknown>;
    } catch {
      throw new SigningError("signing gateway answered no JSON", true);
    }
    if (answer.status !== "ok") throw new SigningError(`signing gateway refused: ${String(answer.message ?? answer.status).slice(0, 200)}`, false);
    return answer;
  };
  const path = (token: string) => `/api/signing/${encodeURIComponent(token)}`;

  return {
    name: "http",
    async start(input: StartSigningInput) {
      const file = await json("POST", "/api/file/upload.json", { file: { name: input.filename, content: input.pdf.toString("base64") } });
      if (typeof file.token !== "string" || !file.token) throw new SigningError("signing gateway answered no file token", true);
      const [first, ...rest] = input.signer.name.trim().split(/\s+/);
      const signing = await json("POST", "/api/signing/create.json", {
        type: "pdf",
        name: input.filename,
        files: [{ token: file.token }],
        signers: [{ id: input.reference, name: first ?? "", surname: rest.join(" "), code: input.signer.personalCode ?? undefined, country_code: input.signer.country.toLowerCase() }],
        language: input.language.slice(0, 2),
        redirect_uri: input.returnUrl,
        deadline: input.expiresAt.toISOString(),
      });
      const signers = signing.signers as Record<string, unknown> | undefined;
      const access = signers?.[input.reference];
      if (typeof signing.token !== "string" || !signing.token || typeof access !== "string") throw new SigningError("signing gateway answered no signing token", true);
      return { token: signing.token, signingUrl: `${base}/signing/${encodeURIComponent(signing.token)}?access_token=${encodeURIComponent(access)}` };
    },
    async status(token: string): Promise<SigningStatus> {
      const answer = await json("GET", `${path(token)}/status.json`);
      const signing = answer.signing as { status?: unknown } | undefined;
      const signers = Array.isArray(answer.signers) ? (answer.signers as { status?: unknown; signing_time?: unknown }[]) : [];
      const signedAt = signers.find((s) => typeof s.signing_time === "string")?.signing_time as string | undefined;
      if (signers.some((s) => s.status === "declined")) return { state: "declined", signedAt: null };
      if (signing?.status === "completed" || (signers.length > 0 && signers.every((s) => s.status === "signed"))) return { state: "signed", signedAt: signedAt ?? new Date().toISOString() };
      if (signing?.status === "expired") return { state: "expired", signedAt: null };
      if (signing?.status === "pending") return { state: "pending", signedAt: null };
      throw new SigningError("signing gateway answered an unknown status", true);
    },
    async download(token: string) {
      const res = await send("GET", `${path(token)}/download`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") throw new SigningError("signing gateway answered no PDF", true);
      return bytes;
    },
  };
}
