import type { InputSchema, ValidInput } from "./input-schema.js";
import type { Loc } from "./validation-error.js";

/** Who may call a route: anyone, a holder of an API key (X-API-Key), or the operator (X-Admin-Key). */
export type RouteAuth = "none" | "api_key" | "admin";

/** What a route answers: a status (200 unless said) and the spec-shaped JSON body. */
export interface RouteReply {
  readonly status?: number;
  readonly body: unknown;
  /** An HTML rendering of the same answer, sent instead when the caller prefers text/html (GET /verify). */
  readonly html?: string;
  /**
   * Where a browser goes instead (checkout pages): a caller preferring text/html gets 303 to
   * this URL; other callers get `body`.
   */
  readonly redirect?: string;
  /**
   * A body that is not JSON (the iCalendar feed): sent as it is with its content type; with `etag`, a
   * request whose If-None-Match holds it is answered 304 without a body.
   */
  readonly raw?: { readonly contentType: string; readonly text: string; readonly etag?: string; readonly cacheControl?: string };
}

/** The parts of the HTTP request a route may need besides its validated input. */
export interface RouteRequest {
  /** The body exactly as received (routes with `rawBody`), for signatures over the raw bytes. */
  readonly rawBody?: string;
}

/**
 * One spec endpoint (docs/architecture.md §6). The router, /openapi.json, the docs page and the
 * parity tests are all generated from these entries; adding an endpoint is adding one.
 */
export interface RouteEntry {
  readonly method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI form: /festivals/{year}. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** The documented price per call (the spec's Credits column; docs/architecture.md §5 where unclear). */
  readonly credits: number;
  readonly auth: RouteAuth;
  readonly input: InputSchema;
  /** The GraphQL operation executed in-process with the caller's context. */
  readonly document: string;
  /**
   * A route whose answer's depth the caller chooses (POST /dasha `system`, `levels`): the document
   * for this request, one of a few fixed texts, priced as it selects. `document` stays the default
   * request's, the one the route's documented `credits` are checked against.
   */
  readonly documentFor?: (input: ValidInput) => string;
  /** Request values → the document's variables. */
  readonly variables: (input: ValidInput, request: RouteRequest) => Record<string, unknown>;
  /**
   * The body is not parsed but passed on as text (`RouteRequest.rawBody`): payment callbacks
   * verify their signature over the raw bytes before anything is parsed (docs/architecture.md §9).
   */
  readonly rawBody?: boolean;
  /**
   * The document's `data` → the spec's snake_case JSON. `asked.language`: the caller asked a language
   * (`lang`, or a supported Accept-Language, English included); the identifiers the languages added to a
   * spec route's answer (a festival's `key`, a yoga's `key`, a koot's `title` …) are given only then, so an
   * answer nobody asked a language of is the spec's, byte for byte (docs/languages.md).
   */
  readonly result: (data: Record<string, unknown>, input: ValidInput, asked: LanguageAsked) => RouteReply;
  /**
   * Where a GraphQL BAD_USER_INPUT `field` ("datetime", "birth.latitude") points in this
   * request. Unlisted fields are looked up by their last segment among the route's inputs.
   */
  readonly errorLocs?: Readonly<Record<string, Loc>>;
  /** For nested inputs (lists of objects): a GraphQL `field` path → its loc, or undefined to fall back. */
  readonly errorLocOf?: (field: string) => Loc | undefined;
  /** JSON Schema of the 200 body, for OpenAPI. */
  readonly responseSchema?: Record<string, unknown>;
  /**
   * Refusals particular to this route ({detail} bodies), status → when, for OpenAPI. The ones
   * every route of its kind can answer (422, 405, 413, 401/402/429, 403 admin) are added there.
   */
  readonly errors?: Readonly<Record<number, string>>;
  /**
   * Also answers a browser (Accept: text/html) with an HTML page (`RouteReply.html`), its
   * refusals (4xx) included.
   */
  readonly htmlPage?: boolean;
  /** A page for people: HTML unless the caller prefers application/json (`Accept: *∕*` gets the page). */
  readonly pageFirst?: boolean;
  /** Answers `RouteReply.raw` (not JSON): served by the express router only, documented with `rawContentType`. */
  readonly rawContentType?: string;
  /**
   * HEAD runs the GET and answers its status and headers without the body (head-route.ts), for a free route
   * whose head depends on state (the feed's token and ETag); other GET routes answer HEAD without running.
   */
  readonly headRunsGet?: boolean;
  /**
   * Request values the OpenAPI conformance test sends, where a required field has no `example`
   * in its FieldSpec (path parameters, tokens).
   */
  readonly exampleInput?: { readonly path?: Record<string, string>; readonly query?: Record<string, string>; readonly body?: Record<string, unknown> };
}

/** Whether the caller of a REST request asked a language (docs/languages.md). */
export interface LanguageAsked {
  readonly language: boolean;
}

export const NO_LANGUAGE_ASKED: LanguageAsked = Object.freeze({ language: false });
export const LANGUAGE_ASKED: LanguageAsked = Object.freeze({ language: true });
