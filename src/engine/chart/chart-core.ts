import type { ChartInput } from "./chart-input.js";
import { chartAspects, type ChartAspects } from "./aspects.js";
import { chartHouses, type House } from "./houses.js";
import { charaKarakas, chartFunctionalNatures, type CharaKarakaEntry, type FunctionalNatures } from "./karakas.js";
import { grahaPlacements, lagnaPlacement, type GrahaPlacement, type LagnaPlacement } from "./placements.js";
import { navamsha } from "../varga/navamsha.js";
import { vargaCharts, type VargaChart, type VargaChartResult, type VargaOptions } from "../varga/varga-chart.js";
import { ashtakavarga, type Ashtakavarga } from "../strength/ashtakavarga.js";
import { vimshottari, type DashaYearConvention, type VimshottariDasha } from "../dasha/vimshottari.js";

export interface ChartCoreOptions {
  /** Chara karaka scheme: 7 (default, Rahu excluded) or 8 (Rahu counted backwards). */
  readonly charaKarakaScheme?: 7 | 8;
  readonly dashaYear?: DashaYearConvention;
  /** Dasha levels computed eagerly (1..5, default 3). */
  readonly dashaDepth?: number;
}

/**
 * The birth-chart core over one set of positions: every part is computed on first access and
 * memoized, so a caller asking for a few fields pays only for those.
 */
export class ChartCore {
  #lagna?: LagnaPlacement;
  #planets?: GrahaPlacement[];
  #aspects?: ChartAspects;
  #houses?: House[];
  #navamsha?: VargaChartResult;
  #functional?: FunctionalNatures;
  #chara?: CharaKarakaEntry[];
  #av?: Ashtakavarga;
  #dasha?: VimshottariDasha;

  constructor(
    readonly input: ChartInput,
    /** Birth instant, Julian day UT (for the dasha dates). */
    readonly birthJdUt: number,
    readonly options: ChartCoreOptions = {},
  ) {}

  get lagna(): LagnaPlacement {
    return (this.#lagna ??= lagnaPlacement(this.input));
  }
  get planets(): GrahaPlacement[] {
    return (this.#planets ??= grahaPlacements(this.input));
  }
  get aspects(): ChartAspects {
    return (this.#aspects ??= chartAspects(this.input));
  }
  get houses(): House[] {
    return (this.#houses ??= chartHouses(this.input, this.aspects));
  }
  get navamsha(): VargaChartResult {
    return (this.#navamsha ??= navamsha(this.input));
  }
  get functionalNatures(): FunctionalNatures {
    return (this.#functional ??= chartFunctionalNatures(this.input));
  }
  get charaKarakas(): CharaKarakaEntry[] {
    return (this.#chara ??= charaKarakas(this.input, this.options.charaKarakaScheme ?? 7));
  }
  get ashtakavarga(): Ashtakavarga {
    return (this.#av ??= ashtakavarga(this.input));
  }
  get dasha(): VimshottariDasha {
    return (this.#dasha ??= vimshottari(this.input.grahas.moon.lonSidDeg, this.birthJdUt, {
      year: this.options.dashaYear,
      depth: this.options.dashaDepth,
    }));
  }

  /** Divisional charts (not memoized: callers ask for a set once). Default: the spec's default set. */
  vargas(charts?: readonly VargaChart[], options?: VargaOptions): VargaChartResult[] {
    return vargaCharts(this.input, charts, options);
  }

  /** Compute every part (what a full /kundali needs apart from yogas and doshas). */
  all(): this {
    void [this.lagna, this.planets, this.houses, this.navamsha, this.functionalNatures, this.charaKarakas, this.ashtakavarga, this.dasha];
    return this;
  }
}
