/**
 * The media type of a /graphql answer, chosen from the request's Accept header as Apollo Server
 * chooses it (its `chooseContentTypeForSingleResultResponse`, through the `negotiator` package's
 * ordering: quality, then specificity, then the order in the header, then Apollo's own order).
 * Only the common headers are decided here — types `application/json`,
 * `application/graphql-response+json`, `application/*`, `*\/*` with optional q — anything else
 * returns undefined and the request goes to Apollo.
 */
export const JSON_TYPE = "application/json; charset=utf-8";
export const GRAPHQL_RESPONSE_TYPE = "application/graphql-response+json; charset=utf-8";

const CANDIDATES = [
  { type: "application", subtype: "json", answer: JSON_TYPE },
  { type: "application", subtype: "graphql-response+json", answer: GRAPHQL_RESPONSE_TYPE },
] as const;

interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
  readonly order: number;
}

function parseRanges(accept: string): Range[] | undefined {
  const ranges: Range[] = [];
  const parts = accept.split(",");
  for (let i = 0; i < parts.length; i++) {
    const [media, ...params] = parts[i]!.split(";").map((s) => s.trim().toLowerCase());
    if (media === "" && params.length === 0) continue;
    const m = /^([a-z*]+)\/([a-z0-9.+*-]+)$/.exec(media ?? "");
    if (!m) return undefined;
    let q = 1;
    for (const p of params) {
      const qm = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.exec(p);
      if (!qm) return undefined;
      q = Number(qm[1]);
    }
    const type = m[1]!;
    const subtype = m[2]!;
    if (type === "*" && subtype !== "*") return undefined;
    if (type !== "*" && type !== "application") continue;
    if (subtype !== "*" && subtype !== "json" && subtype !== "graphql-response+json") continue;
    ranges.push({ type, subtype, q, order: i });
  }
  return ranges;
}

const memo = new Map<string, string | null | undefined>();

/**
 * The answer's Content-Type; null when the header accepts neither JSON type (Apollo answers
 * 406); undefined when the header is not one this module decides.
 */
export function answerContentType(accept: string | undefined): string | null | undefined {
  if (accept === undefined || accept === "") return JSON_TYPE;
  if (memo.has(accept)) return memo.get(accept);
  const ranges = parseRanges(accept);
  let verdict: string | null | undefined;
  if (ranges === undefined) verdict = undefined;
  else {
    // negotiator: each candidate takes the most specific matching range (ties: the higher q … the earlier).
    let best: { q: number; s: number; o: number; i: number; answer: string } | undefined;
    CANDIDATES.forEach((c, i) => {
      let pick: { q: number; s: number; o: number } | undefined;
      for (const r of ranges) {
        const s = (r.type === c.type ? 4 : r.type === "*" ? 0 : -1) + (r.subtype === c.subtype ? 2 : r.subtype === "*" ? 0 : -10);
        if (s < 0) continue;
        if (!pick || s > pick.s || (s === pick.s && (r.q > pick.q || (r.q === pick.q && r.order < pick.o)))) pick = { q: r.q, s, o: r.order };
      }
      if (!pick || pick.q <= 0) return;
      const cand = { ...pick, i, answer: c.answer };
      if (!best || cand.q > best.q || (cand.q === best.q && (cand.s > best.s || (cand.s === best.s && (cand.o < best.o || (cand.o === best.o && cand.i < best.i))))))
        best = cand;
    });
    verdict = best ? best.answer : null;
  }
  if (memo.size >= 256) memo.clear();
  memo.set(accept, verdict);
  return verdict;
}
