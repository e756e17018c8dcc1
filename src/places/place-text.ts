/**
 * The one way place names are compared: diacritics dropped (NFD without combining marks, plus the
 * letters NFD leaves whole), lower case, every run of punctuation and spaces one space.
 * "München" → "munchen", "St. John's" → "st john s".
 */
const WHOLE_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss", ø: "o", æ: "ae", œ: "oe", đ: "d", ð: "d", ł: "l", ı: "i", þ: "th", ħ: "h", ŧ: "t", ŋ: "n",
};
const ASCII = /^[\x20-\x7e]*$/;
const MARKS = /[\u0300-\u036f]/g;
const OTHER_LETTERS = /[ßøæœđðłıþħŧŋ]/g;
const SEPARATORS = /[^a-z0-9]+/g;

export function foldPlaceText(text: string): string {
  let s = text.toLowerCase();
  if (!ASCII.test(s)) s = s.normalize("NFD").replace(MARKS, "").replace(OTHER_LETTERS, (c) => WHOLE_LETTERS[c] ?? c);
  return s.replace(SEPARATORS, " ").trim();
}

/** A folded name made only of Latin letters, digits and spaces (the keys the index holds). */
export const LATIN_KEY = /^[a-z0-9 ]+$/;

/** Rows of the edit-distance table, reused (names are short; longer ones grow them). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions) when it is at most
 * `max`, else max + 1; stops as soon as a whole row exceeds max.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rows[0]!.length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, max + 1);
}
