import "reflect-metadata";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { printAppSchema } from "../resolvers/print.js";

/** `npm run schema`: write schema/schema.graphql from the built schema (run from the project root). */
const target = path.resolve("schema", "schema.graphql");
printAppSchema()
  .then((sdl) => writeFile(target, sdl))
  .then(() => process.stdout.write(`wrote ${target}\n`))
  .catch((err: unknown) => {
    process.stderr.write(`schema printing failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
