import type { FieldSet } from "../../src/rest-compat/input-schema.js";
import type { RouteEntry } from "../../src/rest-compat/route-entry.js";

export interface RouteExample {
  readonly path: Record<string, string>;
  readonly query: Record<string, string>;
  readonly body?: Record<string, unknown>;
  /** Required fields without an example or default ("POST /x body.y"). */
  readonly missing: string[];
}

/** The example request of a route: FieldSpec examples (or defaults) of its required fields, then its exampleInput. */
export function exampleOf(route: RouteEntry): RouteExample {
  const missing: string[] = [];
  const pick = (where: string, fields: FieldSet | undefined, given: Record<string, unknown> | undefined) => {
    const out: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(fields ?? {})) {
      if (!spec.required || given?.[name] !== undefined) continue;
      const v = spec.example ?? spec.default;
      if (v === undefined) missing.push(`${route.method.toUpperCase()} ${route.path} ${where}.${name}`);
      else out[name] = v;
    }
    return { ...out, ...given };
  };
  const path = pick("path", route.input.path, route.exampleInput?.path) as Record<string, string>;
  const query = pick("query", route.input.query, route.exampleInput?.query) as Record<string, string>;
  const body = route.input.body ? pick("body", route.input.body, route.exampleInput?.body) : undefined;
  return { path, query, body, missing };
}

/** The URL of a route at `baseUrl` with these path and query values. */
export function urlOf(baseUrl: string, route: RouteEntry, path: Record<string, string>, query: Record<string, string>): string {
  const p = route.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, n: string) => encodeURIComponent(path[n] ?? "x"));
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${baseUrl}${p}${q ? `?${q}` : ""}`;
}
