import type { DatabaseHandle } from "../../db/database.js";
import { createMemoryEventBus, type EventBus } from "./event-bus.js";
import { createPgEventBus, type PgEventBusOptions } from "./pg-event-bus.js";

export interface CreateEventBusOptions {
  readonly log?: PgEventBusOptions["log"];
  readonly onState?: PgEventBusOptions["onState"];
}

/**
 * The bus for a database (docs/architecture.md §8): on PostgreSQL, LISTEN/NOTIFY on the same
 * server, so every worker and instance sees each event; on PGlite (one process owns the
 * database) the in-process bus. A PostgreSQL handle without its URL (built by hand) gets the
 * in-process bus and a warning, since it cannot open the listening connection.
 */
export async function createEventBus(
  database: Partial<Pick<DatabaseHandle, "kind" | "db" | "url">>, opts: CreateEventBusOptions = {},
): Promise<EventBus> {
  if (database.kind !== "postgres") return createMemoryEventBus();
  if (!database.url || !database.db) {
    opts.log?.("warn", "event bus: a PostgreSQL handle without its URL; events reach this process's subscribers only");
    return createMemoryEventBus();
  }
  const bus = createPgEventBus({ url: database.url, db: database.db, log: opts.log, onState: opts.onState });
  // Wait for the first LISTEN so subscribers of a service that has started see every later event;
  // if PostgreSQL refuses it now, the bus keeps retrying (logged) and the service still starts.
  await bus.started.catch(() => {});
  return bus;
}
