import { createRequire } from "node:module";
import path from "node:path";
import { readFile } from "node:fs/promises";
import express from "express";
import { precompressedAsset } from "../server/compression.js";

const require = createRequire(import.meta.url);
/** swagger-ui-dist's folder; its files are served from this machine, never a CDN. */
const SWAGGER_DIR = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const ASSETS = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "favicon-32x32.png", "favicon-16x16.png"]);

function page(openApiUrl: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Vedic Astrology Calculation Service — API docs</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
    <script>
      window.ui = SwaggerUIBundle({
        url: ${JSON.stringify(openApiUrl)},
        dom_id: "#swagger-ui",
        deepLinking: true,
        presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
        layout: "BaseLayout",
        validatorUrl: null,
      });
    </script>
  </body>
</html>`;
}

/** /docs: swagger-ui rendering /openapi.json, every asset served locally (validator badge off). */
export function docsRouter(openApiUrl = "/openapi.json"): express.Router {
  const router = express.Router({ caseSensitive: true, strict: false });
  const html = page(openApiUrl);
  router.get("/docs", (_req, res) => {
    res.type("html").send(html);
  });
  // Scripts and styles compressed once (br, gzip) with an ETag; the icons as they are.
  const packed = new Map([...ASSETS].filter((f) => !f.endsWith(".png")).map((f) => [f, precompressedAsset(
    () => readFile(path.join(SWAGGER_DIR, f)),
    f.endsWith(".css") ? "text/css; charset=utf-8" : "application/javascript; charset=utf-8",
    "public, max-age=86400",
  )]));
  router.get("/docs/assets/:file", (req, res, next) => {
    const file = req.params.file;
    if (!ASSETS.has(file)) {
      next();
      return;
    }
    const asset = packed.get(file);
    if (asset) asset(req, res, next);
    else res.sendFile(path.join(SWAGGER_DIR, file), { maxAge: "1d" });
  });
  return router;
}
