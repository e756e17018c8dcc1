import type { RequestHandler } from "express";

/**
 * GET /favicon.ico and GET /logo.svg: the service's mark (a sun) as SVG, so browsers opening the
 * landing page, /docs or GraphiQL get an icon instead of a logged 404 (browsers take SVG at the
 * .ico path by its content type), and /.well-known/ai-plugin.json's logo_url names a real image.
 */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="7" fill="#e8a317"/>' +
  '<g stroke="#e8a317" stroke-width="2.5" stroke-linecap="round">' +
  '<path d="M16 2v4M16 26v4M2 16h4M26 16h4M6.1 6.1l2.8 2.8M23.1 23.1l2.8 2.8M6.1 25.9l2.8-2.8M23.1 8.9l2.8-2.8"/></g></svg>';

export const favicon: RequestHandler = (_req, res) => {
  res.status(200).set({ "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" }).send(SVG);
};
