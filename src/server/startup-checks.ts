import { mkdir, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { ConfigError, type Config } from "./config.js";

/**
 * DATA_DIR must be a directory this process can write: the embedded PGlite otherwise waits ~30 s
 * and fails without naming the directory. Probed by creating and removing one file.
 */
export async function checkDataDirWritable(dataDir: string): Promise<void> {
  const probe = path.join(path.resolve(dataDir), `.write-probe-${process.pid}`);
  try {
    await mkdir(path.resolve(dataDir), { recursive: true });
    await writeFile(probe, "");
    await rm(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    throw new ConfigError(`DATA_DIR must be a writable directory, got ${JSON.stringify(dataDir)} (${code})`);
  }
}

/** A listen failure as the one line an operator reads, naming the variable to change. */
export function listenError(err: unknown, config: Pick<Config, "host">, port: number): Error {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case "EADDRINUSE":
      return new ConfigError(`PORT ${port} is already in use on HOST ${config.host}: stop the other server or choose another PORT`);
    case "EACCES":
      return new ConfigError(`PORT ${port} needs privileges this process lacks (EACCES): choose a PORT above 1023`);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
    case "EAFNOSUPPORT":
    case "EINVAL":
      return new ConfigError(`HOST must be an address of this machine to listen on, got ${JSON.stringify(config.host)} (${code})`);
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * Bind HOST:PORT once and release it before the slow start (database, migrations, schema), so a
 * busy port or a foreign HOST fails in a moment rather than after them. The real listen still
 * reports a port taken in between.
 */
export async function checkListenable(config: Pick<Config, "host">, port: number): Promise<void> {
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once("error", reject);
      probe.listen({ port, host: config.host, exclusive: true }, () => resolve());
    });
  } catch (err) {
    throw listenError(err, config, port);
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
