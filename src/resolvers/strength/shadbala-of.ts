import { shadbalaInput, type ShadbalaInput, type SunMoonCheshta } from "../../engine/strength/shadbala-input.js";
import { shadbala, type Shadbala } from "../../engine/strength/shadbala.js";
import type { Birth } from "../chart/birth-input.js";
import { forField } from "../common/input-errors.js";
import type { EngineContext } from "../engine-context.js";
import { birthKey, chartInputOf } from "../kundali/chart-core-of.js";

/** Memo key of a birth's day frame: the positions' key plus the sunrise convention. */
const dayKey = (b: Birth): string => `${birthKey(b)}|${b.conventions.sunrise}`;

/** The shadbala input of a birth, from the request's memoized chart, angles and ayanamsha. */
export function shadbalaInputOf(b: Birth, engine: EngineContext): ShadbalaInput {
  return engine.derived("shadbalaInput", dayKey(b), () => {
    const chart = chartInputOf(b, engine);
    const angles = forField("birth", () => engine.ascendant(b.moment.instant, b.place, b.conventions));
    const ayan = engine.ayanamshaDeg(b.moment.instant, b.conventions.ayanamsha);
    return shadbalaInput(chart, b.moment.instant, b.place, b.conventions, angles, ayan);
  });
}

/** The one shadbala of a birth per convention in this request (shadbala and bhavaBala share it). */
export function shadbalaOf(b: Birth, engine: EngineContext, sunMoonCheshta: SunMoonCheshta): Shadbala {
  return engine.derived("shadbala", `${dayKey(b)}|${sunMoonCheshta}`, () => shadbala(shadbalaInputOf(b, engine), { sunMoonCheshta }));
}
