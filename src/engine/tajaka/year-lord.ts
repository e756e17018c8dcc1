import type { TajakaAspectKind } from "../tables/tajaka.js";
import type { Graha, SaptaGraha } from "../types.js";
import type { PanchaVargeeyaBala } from "./pancha-vargeeya.js";
import type { OfficeBearer } from "./varshaphal.js";

export interface YearLordCandidate {
  readonly planet: SaptaGraha;
  /** The offices it holds, in the order of the office list. */
  readonly roles: readonly OfficeBearer["role"][];
  readonly aspectOnLagna: TajakaAspectKind;
  readonly bala: PanchaVargeeyaBala;
}

export interface YearLord {
  readonly planet: SaptaGraha;
  /** strongest_aspecting: the rule proper; strongest_no_aspect: none aspects the lagna (the fallback). */
  readonly rule: "strongest_aspecting" | "strongest_no_aspect";
  /** Set when two or more were equally strong and the tie-break decided. */
  readonly tieBrokenBy: null | "friendly_aspect" | "more_offices" | "office_order";
  readonly reason: string;
  readonly candidates: readonly YearLordCandidate[];
}

const EPS = 1e-9;
const fmt = (x: number) => x.toFixed(2);

/**
 * The lord of the year (Varsheshwara), Tajaka Neelakanthi, Varsha Tantra: of the five office
 * bearers, the one strongest by pancha-vargeeya bala among those that aspect the varsha lagna
 * (Tajaka aspect: 3/5/9/11 or 1/4/7/10 signs; 2/6/8/12 is no aspect). When none aspects the
 * lagna, the text's fallback is the strongest of them all (as S. Adawal, "Tajik Shastra and
 * Annual Horoscopy", and P.V.R. Narasimha Rao, "Vedic Astrology: An Integrated Approach", read
 * it). Equal strength — the text only says "the stronger" — is broken here, in this order: a
 * friendly aspect on the lagna over an inimical one, then the planet holding more offices, then
 * the order of the offices (Muntha lord first). Rahu and Ketu hold no office (Parashari lordships).
 */
export function yearLord(bearers: readonly OfficeBearer[], bala: (g: SaptaGraha) => PanchaVargeeyaBala): YearLord {
  const byPlanet = new Map<Graha, YearLordCandidate>();
  for (const b of bearers) {
    const prev = byPlanet.get(b.planet);
    if (prev) byPlanet.set(b.planet, { ...prev, roles: [...prev.roles, b.role] });
    else byPlanet.set(b.planet, { planet: b.planet as SaptaGraha, roles: [b.role], aspectOnLagna: b.aspectOnLagna, bala: bala(b.planet as SaptaGraha) });
  }
  const candidates = [...byPlanet.values()];
  const aspecting = candidates.filter((c) => c.aspectOnLagna !== "none");
  const rule = aspecting.length > 0 ? "strongest_aspecting" : "strongest_no_aspect";
  const pool = aspecting.length > 0 ? aspecting : candidates;
  const best = Math.max(...pool.map((c) => c.bala.total));
  let tied = pool.filter((c) => c.bala.total > best - EPS);
  let tieBrokenBy: YearLord["tieBrokenBy"] = null;
  if (tied.length > 1) {
    const friendly = tied.filter((c) => c.aspectOnLagna === "friendly");
    if (friendly.length > 0 && friendly.length < tied.length) {
      tied = friendly;
      tieBrokenBy = "friendly_aspect";
    }
  }
  if (tied.length > 1) {
    const most = Math.max(...tied.map((c) => c.roles.length));
    const more = tied.filter((c) => c.roles.length === most);
    if (more.length < tied.length) {
      tied = more;
      tieBrokenBy = "more_offices";
    }
  }
  if (tied.length > 1) tieBrokenBy = "office_order"; // candidates keep the order of the office list
  const chosen = tied[0]!;
  const others = pool.filter((c) => c !== chosen).map((c) => `${c.planet} ${fmt(c.bala.total)}`).join(", ");
  const head = rule === "strongest_aspecting"
    ? `${chosen.planet} (${chosen.roles.join(", ")}) aspects the varsha lagna (${chosen.aspectOnLagna}) and is the strongest of those that do by pancha-vargeeya bala (${fmt(chosen.bala.total)}${others ? ` against ${others}` : ""})`
    : `no office bearer aspects the varsha lagna; ${chosen.planet} (${chosen.roles.join(", ")}) is the strongest of them by pancha-vargeeya bala (${fmt(chosen.bala.total)}${others ? ` against ${others}` : ""})`;
  const tie = tieBrokenBy === "friendly_aspect" ? "; equal strength, decided by its friendly aspect on the lagna"
    : tieBrokenBy === "more_offices" ? `; equal strength, decided by the ${chosen.roles.length} offices it holds`
    : tieBrokenBy === "office_order" ? "; equal strength, decided by the order of the offices" : "";
  const notAspecting = candidates.filter((c) => c.aspectOnLagna === "none").map((c) => c.planet);
  const tail = rule === "strongest_aspecting" && notAspecting.length ? `; not aspecting the lagna: ${notAspecting.join(", ")}` : "";
  return { planet: chosen.planet, rule, tieBrokenBy, reason: head + tie + tail, candidates };
}
