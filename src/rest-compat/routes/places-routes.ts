import type { RouteEntry } from "../route-entry.js";

type Json = Record<string, any>;

/** GeoNames asks for attribution (CC BY 4.0); every places answer carries it. */
export const GEONAMES_ATTRIBUTION = "Place data: GeoNames (geonames.org), CC BY 4.0";

const PLACE_FIELDS = "id name asciiName admin1Code country latitude longitude timezone population";

const placeBody = (p: Json): Json => ({
  id: p.id, name: p.name, ascii_name: p.asciiName, admin1_code: p.admin1Code, country: p.country,
  latitude: p.latitude, longitude: p.longitude, timezone: p.timezone, population: p.population,
});

const matchBody = (m: Json): Json => ({
  ...placeBody(m.place), match: m.match, matched_name: m.matchedName, ...(m.distanceKm !== null && m.distanceKm !== undefined ? { distance_km: m.distanceKm } : {}),
});

const placeSchema = {
  type: "object",
  required: ["id", "name", "ascii_name", "admin1_code", "country", "latitude", "longitude", "timezone", "population"],
  properties: {
    id: { type: "string", description: "GeoNames id: give it as `place` to any birth or moment input" },
    name: { type: "string" }, ascii_name: { type: "string" },
    admin1_code: { type: "string", description: "GeoNames first-order administrative division code within the country" },
    country: { type: "string", description: "ISO 3166-1 alpha-2" },
    latitude: { type: "number" }, longitude: { type: "number" }, timezone: { type: "string", description: "IANA zone" },
    population: { type: "integer" },
    match: { type: "string", enum: ["exact", "prefix", "fuzzy"] }, matched_name: { type: "string" },
    distance_km: { type: "number" },
  },
};

const COUNTRY = { type: "string", min: 2, max: 2, example: "IN", description: "ISO 3166-1 alpha-2 code to search within" } as const;

export const placesSearchRoute: RouteEntry = {
  method: "get",
  path: "/places",
  operationId: "places",
  summary: "Find a place by name (offline gazetteer)",
  description:
    "GeoNames places (every place of 500+ people in South Asia, 1,000+ elsewhere): exact, prefix, then fuzzy matches of the " +
    "name or an alternate name, diacritics and case ignored, larger places first. Free; rate limited per address without " +
    "a key. Give a result's `id` as `place` to any birth or moment input. " + GEONAMES_ATTRIBUTION + ".",
  tags: ["places"],
  credits: 0,
  auth: "none",
  input: {
    query: {
      q: { type: "string", required: true, min: 2, max: 100, example: "chennai", description: "a name or its beginning, any case, diacritics optional" },
      country: COUNTRY,
      limit: { type: "integer", min: 1, max: 50, default: 10, description: "results, 1–50" },
    },
  },
  document: /* GraphQL */ `
    query Places($q: String!, $country: String, $limit: Int!) {
      places(q: $q, country: $country, limit: $limit) { match matchedName place { ${PLACE_FIELDS} } }
    }
  `,
  variables: ({ query }) => ({ q: query.q, country: query.country ?? null, limit: query.limit }),
  errorLocs: { q: ["query", "q"], country: ["query", "country"], limit: ["query", "limit"] },
  result: (data) => {
    const places = (data.places as Json[]).map(matchBody);
    return { body: { count: places.length, places, attribution: GEONAMES_ATTRIBUTION } };
  },
  responseSchema: {
    type: "object", required: ["count", "places", "attribution"],
    properties: { count: { type: "integer" }, places: { type: "array", items: placeSchema }, attribution: { type: "string" } },
  },
};

export const placesNearestRoute: RouteEntry = {
  method: "get",
  path: "/places/nearest",
  operationId: "nearestPlace",
  summary: "The place nearest to coordinates (reverse lookup)",
  description: "The gazetteer place nearest to a point (great-circle distance), optionally within one country. Free. " + GEONAMES_ATTRIBUTION + ".",
  tags: ["places"],
  credits: 0,
  auth: "none",
  input: {
    query: {
      latitude: { type: "number", required: true, min: -90, max: 90, example: 13.08, description: "degrees, north positive" },
      longitude: { type: "number", required: true, min: -180, max: 180, example: 80.27, description: "degrees, east positive" },
      country: COUNTRY,
    },
  },
  document: /* GraphQL */ `
    query NearestPlace($latitude: Float!, $longitude: Float!, $country: String) {
      nearestPlace(latitude: $latitude, longitude: $longitude, country: $country) { match matchedName distanceKm place { ${PLACE_FIELDS} } }
    }
  `,
  variables: ({ query }) => ({ latitude: query.latitude, longitude: query.longitude, country: query.country ?? null }),
  errorLocs: { latitude: ["query", "latitude"], longitude: ["query", "longitude"], country: ["query", "country"] },
  result: (data) => {
    const m = data.nearestPlace as Json | null;
    if (!m) return { status: 404, body: { detail: "no place in the gazetteer for that country" } };
    return { body: { ...matchBody(m), attribution: GEONAMES_ATTRIBUTION } };
  },
  responseSchema: { ...placeSchema, properties: { ...placeSchema.properties, attribution: { type: "string" } } },
  errors: { 404: "no place in the gazetteer within that country" },
};

export const placeByIdRoute: RouteEntry = {
  method: "get",
  path: "/places/{id}",
  operationId: "place",
  summary: "One place by id",
  description: "The gazetteer place of a GeoNames id (as GET /places answers it). Free. " + GEONAMES_ATTRIBUTION + ".",
  tags: ["places"],
  credits: 0,
  auth: "none",
  input: { path: { id: { type: "string", required: true, min: 1, max: 20, example: "1264527", description: "GeoNames id" } } },
  errors: { 404: "no place with that id" },
  document: /* GraphQL */ `query Place($id: ID!) { place(id: $id) { ${PLACE_FIELDS} } }`,
  variables: ({ path }) => ({ id: path.id }),
  result: (data) => {
    const p = data.place as Json | null;
    if (!p) return { status: 404, body: { detail: "no place with that id; find one with GET /places?q=" } };
    return { body: { ...placeBody(p), attribution: GEONAMES_ATTRIBUTION } };
  },
  responseSchema: { ...placeSchema, properties: { ...placeSchema.properties, attribution: { type: "string" } } },
};

export const PLACES_ROUTES: readonly RouteEntry[] = [placesSearchRoute, placesNearestRoute, placeByIdRoute];
