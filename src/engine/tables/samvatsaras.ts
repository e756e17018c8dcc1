/**
 * The 60 samvatsaras of the Jovian (Brihaspati) cycle, Prabhava = 1 (Surya Siddhanta
 * ch. 1.55 and the Varahamihira Brihat Samhita ch. 8 list).
 *
 * Convention used here: the lunisolar (South Indian / Chaitradi) reckoning — the samvatsara
 * turns at the start of Chaitra (Ugadi) and follows the Shaka year: number =
 * (Shaka year + 11) mod 60 + 1 (Shaka 1946, from Ugadi 2024, is Krodhi, the 38th).
 */
export const SAMVATSARA_CONVENTION = "lunisolar_chaitradi_shaka" as const;

export const SAMVATSARAS: readonly string[] = Object.freeze([
  "Prabhava", "Vibhava", "Shukla", "Pramoda", "Prajapati", "Angirasa", "Shrimukha", "Bhava", "Yuva", "Dhatri",
  "Ishvara", "Bahudhanya", "Pramathi", "Vikrama", "Vrisha", "Chitrabhanu", "Subhanu", "Tarana", "Parthiva", "Vyaya",
  "Sarvajit", "Sarvadhari", "Virodhi", "Vikriti", "Khara", "Nandana", "Vijaya", "Jaya", "Manmatha", "Durmukhi",
  "Hevilambi", "Vilambi", "Vikari", "Sharvari", "Plava", "Shubhakrit", "Shobhakrit", "Krodhi", "Vishvavasu", "Parabhava",
  "Plavanga", "Kilaka", "Saumya", "Sadharana", "Virodhikrit", "Paridhavi", "Pramadi", "Ananda", "Rakshasa", "Nala",
  "Pingala", "Kalayukti", "Siddharthi", "Raudri", "Durmati", "Dundubhi", "Rudhirodgari", "Raktakshi", "Krodhana", "Akshaya",
]);

/** Samvatsara number 1..60 of a Shaka year. */
export function samvatsaraOfShakaYear(shakaYear: number): number {
  return ((((shakaYear + 11) % 60) + 60) % 60) + 1;
}
