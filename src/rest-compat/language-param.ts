import { languageOfTag, SUPPORTED_LIST, unsupportedLanguageMessage } from "../i18n/languages.js";
import type { FieldSpec } from "./input-schema.js";
import type { RouteEntry } from "./route-entry.js";

/** The `lang` query parameter every calculation route takes (docs/languages.md). */
export const LANG_PARAM: FieldSpec = {
  type: "string",
  description:
    `Language of the names in the answer (BCP 47 tag): ${SUPPORTED_LIST}. Without it the Accept-Language header ` +
    `chooses (q-values), else English. Keys, numbers and times never change; an unsupported tag is refused with 422. Same price in every language.`,
  example: "ta",
  check: (v) => (languageOfTag(String(v)) ? undefined : unsupportedLanguageMessage(String(v))),
};

/** Whether a route answers names and so takes `lang`: the paid calculation routes. */
export function answersNames(route: RouteEntry): boolean {
  return route.auth === "api_key" && route.credits > 0 && !route.path.startsWith("/webhooks");
}

/** The route with `lang` among its query parameters (when it answers names). */
export function withLanguageParam(route: RouteEntry): RouteEntry {
  if (!answersNames(route) || route.input.query?.lang) return route;
  return { ...route, input: { ...route.input, query: { ...(route.input.query ?? {}), lang: LANG_PARAM } } };
}
