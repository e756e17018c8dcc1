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

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions) when it is at most
 * `max`, else max + 1; rows cut short once every cell exceeds max.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, max + 1);
}
