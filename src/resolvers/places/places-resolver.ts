import { Arg, Float, ID, Int, Query, Resolver } from "type-graphql";
import { placeIndex } from "../../places/places.js";
import { badUserInput, checkRange } from "../common/input-errors.js";
import { PlaceMatchType, PlaceType } from "./place-types.js";

export const MAX_PLACES = 50;

/** places' arguments, validated (errors name the argument); also run before pricing by prevalidate.ts. */
export function placesArgsFrom(q: string, country: string | null | undefined, limit: number): { q: string; country: string | null; limit: number } {
  const letters = q.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\p{L}\p{N}]+/gu, "");
  if (letters.length < 2) throw badUserInput("q", "q must have at least two letters");
  if (q.length > 100) throw badUserInput("q", "q must be at most 100 characters");
  return { q, country: countryFrom(country), limit: Math.round(checkRange("limit", limit, 1, MAX_PLACES)) };
}

/** An ISO 3166-1 alpha-2 code (any case), or null. */
export function countryFrom(country: string | null | undefined): string | null {
  if (country === null || country === undefined || country.trim() === "") return null;
  const c = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) throw badUserInput("country", `country must be an ISO 3166-1 alpha-2 code (e.g. IN), got "${country}"`);
  return c;
}

/** nearestPlace's arguments, validated. */
export function nearestArgsFrom(latitude: number, longitude: number, country: string | null | undefined) {
  return {
    latDeg: checkRange("latitude", latitude, -90, 90, "°"), lonDeg: checkRange("longitude", longitude, -180, 180, "°"),
    country: countryFrom(country),
  };
}

/**
 * The offline gazetteer (src/places): free to ask (a table lookup, no engine work); callers
 * without a key are bounded by the keyless rate limit like every free request.
 */
@Resolver()
export class PlacesResolver {
  @Query(() => [PlaceMatchType], {
    description: "Places by name: exact, then prefix, then fuzzy; diacritics and case ignored; larger places first. Free.",
  })
  async places(
    @Arg("q", { description: "A name or its beginning (at least two letters), in any case, with or without diacritics." }) q: string,
    @Arg("country", () => String, { nullable: true, description: "ISO 3166-1 alpha-2 code to search within." }) country: string | null,
    @Arg("limit", () => Int, { defaultValue: 10, description: `1–${MAX_PLACES}.` }) limit: number,
  ): Promise<PlaceMatchType[]> {
    const a = placesArgsFrom(q, country, limit);
    return (await placeIndex()).search(a.q, a.country, a.limit);
  }

  @Query(() => PlaceMatchType, { nullable: true, description: "The gazetteer place nearest to a point (great circle). Free." })
  async nearestPlace(
    @Arg("latitude", () => Float) latitude: number,
    @Arg("longitude", () => Float) longitude: number,
    @Arg("country", () => String, { nullable: true }) country: string | null,
  ): Promise<PlaceMatchType | null> {
    const a = nearestArgsFrom(latitude, longitude, country);
    return (await placeIndex()).nearest(a.latDeg, a.lonDeg, a.country) ?? null;
  }

  @Query(() => PlaceType, { nullable: true, description: "One place by its id. Free." })
  async place(@Arg("id", () => ID) id: string): Promise<PlaceType | null> {
    return (await placeIndex()).byId(id) ?? null;
  }
}
