import { GraphQLError, GraphQLString, Kind, type GraphQLArgument, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import { languageOfTag, negotiateLanguage, SUPPORTED_LIST, unsupportedLanguageMessage, type Language } from "../../i18n/languages.js";
import { ASKED, type LanguageChoice } from "../../i18n/language-choice.js";
import { badUserInput } from "./input-errors.js";

/**
 * The root fields that answer names and so take `lang` (docs/languages.md): every calculation
 * root of Query. One argument on the root, not a field per name, keeps selections as they are.
 */
export const LOCALISED_ROOT_FIELDS: ReadonlySet<string> = new Set([
  "chart", "ephemeris", "choghadiya", "muhurta", "panchangaRange", "panchangaSearch", "panchanga", "dasha", "calendar",
  "kpSubLordChanges", "kpIngresses", "transitsMonthly", "aspectsMonthly", "lunarAspects", "kpPlanetsAtIntervals",
  "compatibility", "starMatch", "bulkMatch", "varshaphal", "prashna", "panchaPakshi", "events",
]);

const LANG_DESCRIPTION =
  `Language of the names under this field: ${SUPPORTED_LIST}. Wins over Accept-Language; English by default; same price.`;

/**
 * Adds `lang: String` to the localised root fields of a built schema (type-graphql builds the
 * rest); the resolvers ignore it — names are rewritten after execution (i18n/localize.ts).
 */
export function addLanguageArguments(schema: GraphQLSchema): GraphQLSchema {
  const fields = schema.getQueryType()?.getFields() ?? {};
  for (const name of LOCALISED_ROOT_FIELDS) {
    const field = fields[name];
    if (!field || field.args.some((a) => a.name === "lang")) continue;
    const arg: GraphQLArgument = {
      name: "lang", description: LANG_DESCRIPTION, type: GraphQLString, defaultValue: undefined,
      deprecationReason: undefined, extensions: {}, astNode: undefined,
    };
    (field.args as GraphQLArgument[]).push(arg);
  }
  return schema;
}

/** A root field's coerced `lang`, checked: refused (BAD_USER_INPUT naming `lang`) when unsupported. */
export function checkLanguageArgument(args: Record<string, unknown>): void {
  const tag = args.lang;
  if (tag === undefined || tag === null) return;
  if (!languageOfTag(String(tag))) throw badUserInput("lang", unsupportedLanguageMessage(String(tag)));
}

/**
 * The language choice of a GraphQL operation: each root field's `lang` argument (a literal or a
 * variable), else the Accept-Language header, else English. Undefined when nothing was asked.
 */
export function languageChoiceOf(
  operation: OperationDefinitionNode, variables: Readonly<Record<string, unknown>> | undefined, acceptLanguage: string | undefined,
): LanguageChoice | undefined {
  const header = negotiateLanguage(acceptLanguage);
  let byRoot: Map<string, Language> | undefined;
  if (operation.operation === "query") {
    for (const sel of operation.selectionSet.selections) {
      if (sel.kind !== Kind.FIELD || !LOCALISED_ROOT_FIELDS.has(sel.name.value)) continue;
      const arg = sel.arguments?.find((a) => a.name.value === "lang");
      if (!arg) continue;
      const v = arg.value;
      const tag = v.kind === Kind.STRING ? v.value : v.kind === Kind.VARIABLE ? variables?.[v.name.value] : undefined;
      if (typeof tag !== "string") continue;
      const lang = languageOfTag(tag);
      if (!lang) throw new GraphQLError(unsupportedLanguageMessage(tag), { extensions: { code: "BAD_USER_INPUT", field: "lang", http: { status: 400 } } });
      (byRoot ??= new Map()).set(sel.alias?.value ?? sel.name.value, lang);
    }
  }
  if (!byRoot && !header) return undefined;
  return byRoot ? { language: header ?? "en", asked: true, byRoot } : ASKED.get(header!)!;
}
