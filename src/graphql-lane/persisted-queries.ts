/**
 * Automatic persisted queries (Apollo's APQ protocol, docs/graphql.md): a client sends
 * `extensions.persistedQuery = { version: 1, sha256Hash }` without the query text; an unknown hash
 * is answered `PersistedQueryNotFound`, and the client sends text and hash once to register it.
 * Apollo Server implements the protocol; this is the store it keeps the texts in, shared with
 * the fast lane (which reads and registers under Apollo's own `apq:` key prefix), so a query
 * registered on either path is found on both. Bounded LRU: a client cannot grow it without end.
 */
import { createHash } from "node:crypto";
import type { ApolloServerOptionsWithSchema } from "@apollo/server";
import { Lru, type LruStats } from "./lru.js";

/** Apollo Server's key prefix for persisted queries in the cache it is given (requestPipeline's APQ_CACHE_PREFIX). */
const APOLLO_PREFIX = "apq:";
const MAX_BYTES = 32 * 1024 * 1024;

/** Apollo's KeyValueCache, named through @apollo/server's own options type. */
type KeyValueCache<V> = Exclude<NonNullable<ApolloServerOptionsWithSchema<object>["persistedQueries"]>, false>["cache"] & {
  get(key: string): Promise<V | undefined>;
};

export interface PersistedQueries {
  /** For ApolloServer's `persistedQueries.cache`. */
  readonly cache: KeyValueCache<string>;
  lookup(sha256Hash: string): string | undefined;
  register(sha256Hash: string, query: string): void;
  stats(): LruStats;
}

/** The hash APQ names a query by: SHA-256 of its text (UTF-8), lower-case hex. */
export function queryHash(query: string): string {
  return createHash("sha256").update(query).digest("hex");
}

export function createPersistedQueries(maxEntries: number): PersistedQueries {
  const lru = new Lru<string>(maxEntries, MAX_BYTES);
  const cache: KeyValueCache<string> = {
    async get(key) {
      return lru.get(key);
    },
    async set(key, value) {
      lru.set(key, value, key.length + value.length * 2);
    },
    async delete(key) {
      lru.delete(key);
      return true;
    },
  };
  return {
    cache,
    lookup: (hash) => lru.get(APOLLO_PREFIX + hash),
    register: (hash, query) => void cache.set(APOLLO_PREFIX + hash, query),
    stats: () => lru.stats(),
  };
}
