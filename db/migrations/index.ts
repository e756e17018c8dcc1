/**
 * Every migration, imported statically so the list works the same from `tsc` output and under
 * vitest (no directory scanning). Names sort in application order; never rename or edit an
 * applied one — add a new file.
 */
import type { Migration } from "kysely";
import * as m0001 from "./0001-accounts-ledger-usage.js";
import * as m0002 from "./0002-rate-windows.js";
import * as m0003 from "./0003-charge-request-async-commit.js";
import * as m0004 from "./0004-charge-requests-batch.js";
import * as m0005 from "./0005-registration-limits.js";
import * as m0006 from "./0006-payments.js";
import * as m0007 from "./0007-events-webhooks.js";
import * as m0008 from "./0008-charge-holds.js";
import * as m0009 from "./0009-idempotency-keys.js";
import * as m0010 from "./0010-calendar-feeds.js";
import * as m0011 from "./0011-personal-events.js";
import * as m0012 from "./0012-settle-holds-by-id.js";
import * as m0013 from "./0013-personal-claim-index.js";
import * as m0014 from "./0014-bill-rounds.js";

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "0001-accounts-ledger-usage": m0001,
  "0002-rate-windows": m0002,
  "0003-charge-request-async-commit": m0003,
  "0004-charge-requests-batch": m0004,
  "0005-registration-limits": m0005,
  "0006-payments": m0006,
  "0007-events-webhooks": m0007,
  "0008-charge-holds": m0008,
  "0009-idempotency-keys": m0009,
  "0010-calendar-feeds": m0010,
  "0011-personal-events": m0011,
  "0012-settle-holds-by-id": m0012,
  "0013-personal-claim-index": m0013,
  "0014-bill-rounds": m0014,
};
