/** A small self-contained HTML page for people (no scripts, no outside requests): a title and lines of text. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function messagePage(title: string, lines: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em;line-height:1.5}</style>` +
    `</head><body><h1>${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}</body></html>`;
}

/** The page of a refused request to a route that answers people (GET /verify's stale or bad link). */
export function refusalPage(status: number, detail: string): string {
  const title = status === 410 ? "This link has expired" : status === 409 ? "Already verified" : status === 404 ? "Unknown link" : "This link did not work";
  return messagePage(title, [detail, "You can register again with POST /register, or ask for a new mail; your key comes with the new link."]);
}
