import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.js";

/**
 * The language one request answers in, as chosen at its door (REST: `lang`, else
 * Accept-Language; GraphQL: a root field's `lang` argument, else Accept-Language), kept on the
 * request's context so the few renderers that write names into text themselves (the SVG chart)
 * read it. `asked`: a language was asked at all (else English by default, answers unchanged).
 */
export interface LanguageChoice {
  readonly language: Language;
  readonly asked: boolean;
  /** GraphQL: the language of each root field's response key, where its `lang` argument chose one. */
  readonly byRoot?: ReadonlyMap<string, Language>;
}

/** The language of the root field a resolver runs under (its `info.path`), else the request's. */
export function languageAt(choice: LanguageChoice | undefined, path: { readonly key: string | number; readonly prev: unknown } | undefined): Language {
  if (!choice) return DEFAULT_LANGUAGE;
  if (choice.byRoot && path) {
    let p = path as { key: string | number; prev: unknown };
    while (p.prev) p = p.prev as { key: string | number; prev: unknown };
    const own = choice.byRoot.get(String(p.key));
    if (own) return own;
  }
  return choice.language;
}

/** The choice of a request that asked `language` (and of one that asked none), one frozen object per language, so choosing allocates nothing. */
export const ASKED: ReadonlyMap<Language, LanguageChoice> = new Map(LANGUAGES.map((language) => [language, Object.freeze({ language, asked: true })]));
export const NOT_ASKED: LanguageChoice = Object.freeze({ language: DEFAULT_LANGUAGE, asked: false });
