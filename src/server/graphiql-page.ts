const DEFAULT_QUERY = `# Graha positions at an instant and a birth chart; the Docs panel lists every field.
query Example {
  ephemeris(datetime: "2024-01-15T10:30:00+05:30", planets: [SUN, MOON]) {
    datetime
    ayanamsha
    planets { graha longitude rashiName nakshatraName pada retrograde }
  }
  chart(birth: { datetime: "1990-05-15T14:30:00+05:30", latitude: 28.6139, longitude: 77.209 }) {
    ascendant { longitude rashiName nakshatraName }
    houses(system: WHOLE_SIGN) { cusps { house rashiName } }
  }
}
`;

let html: Promise<string> | undefined;

/**
 * GraphiQL for browsers, entirely self-contained: @graphql-yoga/render-graphiql inlines its
 * JavaScript, CSS and Monaco workers (as blob URLs) into one page, so nothing is fetched from
 * a CDN. Loaded and rendered once (≈9 MB) on first use, so processes that never serve it
 * (tests, API-only traffic) do not pay for parsing it.
 */
export function graphiqlPage(): Promise<string> {
  html ??= import("@graphql-yoga/render-graphiql").then(({ renderGraphiQL }) =>
    renderGraphiQL({
      endpoint: "/graphql",
      title: "Vedic Astrology Calculation Service — GraphiQL",
      defaultQuery: DEFAULT_QUERY,
      subscriptionsProtocol: "WS",
    }),
  );
  return html;
}
