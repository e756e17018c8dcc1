/** The one HTTP client of the payment adapters: JSON in and out, a timeout, typed failure. */
import { upstreamFailed } from "./payment-errors.js";

export interface ProviderRequest {
  provider: string;
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Default 10 s: a checkout waits on it, so it must not hang. */
  timeoutMs?: number;
}

/** The processor's JSON answer of a 2xx; anything else is a 502 UPSTREAM_FAILED naming the provider. */
export async function providerJson(req: ProviderRequest): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers: { accept: "application/json", ...(req.body !== undefined ? { "content-type": "application/json" } : {}), ...req.headers },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
      signal: AbortSignal.timeout(req.timeoutMs ?? 10_000),
    });
  } catch (err) {
    throw upstreamFailed(req.provider, `request failed: ${(err as Error).name}`);
  }
  const text = await res.text();
  if (!res.ok) throw upstreamFailed(req.provider, `HTTP ${res.status}`);
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw upstreamFailed(req.provider, "the answer is not a JSON object");
}

/** `obj.a.b.c` of an untyped JSON value, or undefined. */
export function pick(obj: unknown, ...path: string[]): unknown {
  let v = obj;
  for (const key of path) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}
