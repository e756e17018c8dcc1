import type { Language } from "./languages.js";

/**
 * One vocabulary as data: a row per named thing, keyed by its stable language-free key
 * (`ashwini`, `mesha`, `D9` …), with a column per language (docs/languages.md). The `en`
 * column is exactly the English the service answers with when no language is asked.
 */
export interface VocabularyTable {
  readonly name: string;
  readonly rows: Readonly<Record<string, Readonly<Record<Language, string>>>>;
}
