import { EngineInputError } from "../errors.js";
import { KARANAS } from "../tables/karanas.js";
import { NAKSHATRAS } from "../tables/nakshatras.js";
import { TITHIS } from "../tables/tithis.js";
import { VARAS, VARA_SHORT_SANSKRIT } from "../tables/varas.js";
import { YOGAS } from "../tables/yogas.js";

/** Search criteria as the caller gives them: names or numbers. */
export interface PanchangaCriteriaInput {
  readonly tithi?: string | number;
  readonly nakshatra?: string | number;
  readonly yoga?: string | number;
  readonly karana?: string | number;
  readonly vara?: string | number;
}

/** Criteria resolved to sets of element numbers (a tithi name such as Ekadashi names two). */
export interface PanchangaCriteria {
  readonly tithi?: ReadonlySet<number>;
  readonly nakshatra?: ReadonlySet<number>;
  readonly yoga?: ReadonlySet<number>;
  readonly karana?: ReadonlySet<number>;
  readonly vara?: ReadonlySet<number>;
}

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

function resolve(
  field: keyof PanchangaCriteriaInput,
  value: string | number,
  max: number,
  names: (n: number) => readonly string[],
): ReadonlySet<number> {
  if (typeof value === "number" || /^\s*\d+\s*$/.test(value)) {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new EngineInputError(`${field} must be a number 1-${max} or a name`, `criteria.${field}`);
    }
    return new Set([n]);
  }
  const wanted = key(value);
  const found = new Set<number>();
  for (let n = 1; n <= max; n++) if (names(n).some((nm) => key(nm) === wanted)) found.add(n);
  if (found.size === 0) {
    const accepted = [...new Set(Array.from({ length: max }, (_, i) => names(i + 1)[0]!))];
    throw new EngineInputError(
      `unknown ${field} "${value}"; accepted: ${accepted.join(", ")} (or a number 1-${max})`,
      `criteria.${field}`,
    );
  }
  return found;
}

/** Resolve names/numbers to element numbers; unknown names raise EngineInputError listing the accepted ones. */
export function parseCriteria(input: PanchangaCriteriaInput): PanchangaCriteria {
  const out: { -readonly [K in keyof PanchangaCriteria]: PanchangaCriteria[K] } = {};
  for (const k of Object.keys(input)) {
    if (!["tithi", "nakshatra", "yoga", "karana", "vara"].includes(k)) {
      throw new EngineInputError(`unknown criteria key "${k}"; accepted: tithi, nakshatra, yoga, karana, vara`, "criteria");
    }
  }
  if (input.tithi !== undefined) {
    out.tithi = resolve("tithi", input.tithi, 30, (n) => {
      const t = TITHIS[n - 1]!;
      const p = t.paksha === "shukla" ? "Shukla" : "Krishna";
      // Plain name (both pakshas), paksha-qualified name, and the common alias Prathama.
      const alias = t.pakshaDay === 1 ? ["Prathama", `${p} Prathama`] : [];
      return [t.name, `${p} ${t.name}`, ...alias];
    });
  }
  if (input.nakshatra !== undefined) out.nakshatra = resolve("nakshatra", input.nakshatra, 27, (n) => [NAKSHATRAS[n - 1]!.name]);
  if (input.yoga !== undefined) out.yoga = resolve("yoga", input.yoga, 27, (n) => [YOGAS[n - 1]!.name]);
  if (input.karana !== undefined) {
    out.karana = resolve("karana", input.karana, 11, (n) => {
      const k = KARANAS[n - 1]!;
      return k.name === "Garaja" ? [k.name, "Gara"] : [k.name];
    });
  }
  if (input.vara !== undefined) {
    out.vara = resolve("vara", input.vara, 7, (n) => {
      const v = VARAS[n - 1]!;
      return [v.name, VARA_SHORT_SANSKRIT[n - 1]!, v.sanskrit, v.name.slice(0, 3)];
    });
  }
  return out;
}
