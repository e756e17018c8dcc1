import type { Graha } from "../types.js";

export type NaturalRelation = "friend" | "neutral" | "enemy";

/**
 * Natural (naisargika) friendships, BPHS ch. 3: for each graha, its friends and enemies;
 * every other graha is neutral. Sun…Saturn only — BPHS gives no table for the nodes.
 */
const NATURAL: Readonly<Record<string, { readonly friends: readonly Graha[]; readonly enemies: readonly Graha[] }>> =
  Object.freeze({
    sun: { friends: ["moon", "mars", "jupiter"], enemies: ["venus", "saturn"] },
    moon: { friends: ["sun", "mercury"], enemies: [] },
    mars: { friends: ["sun", "moon", "jupiter"], enemies: ["mercury"] },
    mercury: { friends: ["sun", "venus"], enemies: ["moon"] },
    jupiter: { friends: ["sun", "moon", "mars"], enemies: ["mercury", "venus"] },
    venus: { friends: ["mercury", "saturn"], enemies: ["sun", "moon"] },
    saturn: { friends: ["mercury", "venus"], enemies: ["sun", "moon", "mars"] },
  });

/**
 * The nodes take the relationships of their proxies, after the dictum "Shanivad Rahu, Kujavad Ketu"
 * (Rahu acts like Saturn, Ketu like Mars) — a convention, since BPHS ch. 3 tables only the seven.
 */
export const NODE_PROXY: Readonly<Record<"rahu" | "ketu", Graha>> = Object.freeze({ rahu: "saturn", ketu: "mars" });

const proxy = (g: Graha): Graha => (g === "rahu" || g === "ketu" ? NODE_PROXY[g] : g);

/** Natural relation of `of` towards `towards` (not symmetric: Moon → Mars is neutral, Mars → Moon friend). */
export function naturalRelationTable(of: Graha, towards: Graha): NaturalRelation {
  const a = proxy(of);
  const b = proxy(towards);
  if (a === b) return "friend";
  const row = NATURAL[a]!;
  if (row.friends.includes(b)) return "friend";
  if (row.enemies.includes(b)) return "enemy";
  return "neutral";
}

/**
 * Temporary (tatkalika) friendship, BPHS ch. 3: a graha in the 2nd, 3rd, 4th, 10th, 11th or
 * 12th sign from another is its temporary friend; in the 1st, 5th–9th its temporary enemy.
 */
export const TEMPORAL_FRIEND_HOUSES: readonly number[] = Object.freeze([2, 3, 4, 10, 11, 12]);

export type CompoundRelation = "great_friend" | "friend" | "neutral" | "enemy" | "great_enemy";

/**
 * Five-fold (panchadha) compound relationship, BPHS ch. 3: natural + temporal —
 * friend+friend = great friend, neutral+friend = friend, enemy+friend = neutral,
 * friend+enemy = neutral, neutral+enemy = enemy, enemy+enemy = great enemy.
 */
export const COMPOUND: Readonly<Record<NaturalRelation, Readonly<Record<"friend" | "enemy", CompoundRelation>>>> =
  Object.freeze({
    friend: { friend: "great_friend", enemy: "neutral" },
    neutral: { friend: "friend", enemy: "enemy" },
    enemy: { friend: "neutral", enemy: "great_enemy" },
  });
