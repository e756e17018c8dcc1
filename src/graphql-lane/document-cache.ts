/**
 * /graphql's parsed and validated documents, cached by their text (docs/graphql.md): a frontend
 * sends the same few documents over and over, and parsing and validating one is a large part of
 * a small request's CPU. Only documents that parse and validate are kept (an invalid one is
 * answered by Apollo, which parses it again to say what is wrong), and the cache is a bounded
 * LRU, so endless distinct documents cost a fixed amount of memory. A document's operation is
 * compiled by graphql-jit on its second use (a one-off document is not worth the compile; the
 * REST routes' stored documents are compiled the same way, src/rest-compat/direct-executor.ts).
 */
import {
  getOperationAST, parse, specifiedRules, validate, visit,
  type DocumentNode, type GraphQLSchema, type ParseOptions, type ValidationRule,
} from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import type { Prepared } from "../rest-compat/direct-executor.js";
import { Lru, type LruStats } from "./lru.js";

export interface DocumentCacheOptions {
  readonly schema: GraphQLSchema;
  /** Apollo's own: the parser's token limit. */
  readonly parseOptions: ParseOptions;
  /** Apollo's `validationRules` (run after graphql-js's specified rules, as Apollo runs them). */
  readonly validationRules: readonly ValidationRule[];
  readonly maxEntries: number;
  /** Compile an operation with graphql-jit from its second use (else graphql-js runs every request). */
  readonly jit: boolean;
}

interface Operation {
  prepared: Prepared;
  uses: number;
}

interface Entry {
  readonly document: DocumentNode;
  /** Introspection (`__schema`, `__type`) stays on graphql-js, the reference implementation. */
  readonly introspects: boolean;
  /** By operation name ("" for the request that names none). */
  readonly operations: Map<string, Operation>;
}

/** A parsed document holds roughly this many bytes per character of its text. */
const BYTES_PER_CHAR = 16;
const MAX_BYTES = 64 * 1024 * 1024;

export interface DocumentCache {
  /**
   * The operation ready to run, or null when the text does not parse or validate, or names no
   * single operation (Apollo answers those, with its own error).
   */
  prepare(text: string, operationName: string | undefined): Prepared | null;
  stats(): LruStats;
}

function introspects(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === "__schema" || node.name.value === "__type") found = true;
    },
  });
  return found;
}

export function createDocumentCache(o: DocumentCacheOptions): DocumentCache {
  const lru = new Lru<Entry>(o.maxEntries, MAX_BYTES);
  const rules = [...specifiedRules, ...o.validationRules];

  const entryFor = (text: string): Entry | null => {
    const cached = lru.get(text);
    if (cached) return cached;
    let document: DocumentNode;
    try {
      document = parse(text, o.parseOptions);
    } catch {
      return null;
    }
    if (validate(o.schema, document, rules).length > 0) return null;
    const entry: Entry = { document, introspects: introspects(document), operations: new Map() };
    lru.set(text, entry, text.length * BYTES_PER_CHAR);
    return entry;
  };

  return {
    prepare(text, operationName) {
      const entry = entryFor(text);
      if (!entry) return null;
      const key = operationName ?? "";
      let op = entry.operations.get(key);
      if (!op) {
        const operation = getOperationAST(entry.document, operationName);
        if (!operation || operation.operation === "subscription") return null;
        op = { prepared: { document: entry.document, operation, operationName: operation.name?.value ?? null }, uses: 0 };
        entry.operations.set(key, op);
      }
      op.uses += 1;
      if (op.uses === 2 && o.jit && !entry.introspects) {
        // Stack traces of resolver errors are not captured: formatError logs the original error's own stack.
        const c = compileQuery(o.schema, entry.document, op.prepared.operationName ?? undefined, { disablingCapturingStackErrors: true });
        if (isCompiledQuery(c)) op.prepared = { ...op.prepared, compiled: c };
      }
      return op.prepared;
    },
    stats: () => lru.stats(),
  };
}
