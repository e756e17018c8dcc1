import "reflect-metadata";
import { ConfigError } from "./config.js";
import { runService } from "./service.js";

/** `npm start`: the service. A configuration error prints ONE line naming the variable and exits 1. */
runService().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`configuration error: ${err.message}\n`);
  } else {
    process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
