/**
 * JSON text of a large answer made in slices, the event loop served between them (docs/limits.md,
 * "The event loop"): one JSON.stringify of a 2 MB dasha tree holds the loop for tens of ms, then
 * its UTF-8 length for as many again. Here the value is walked to a shallow depth and each piece
 * below it is stringified natively; once the turn has run a slice the walk waits for its next turn
 * in the rotation the yield points share (src/gates/turns.ts).
 * The text is byte for byte JSON.stringify's for the plain data a GraphQL answer holds (objects —
 * null-prototype ones included — arrays, strings, numbers, booleans, null; undefined properties
 * left out, undefined array items written null).
 */
import { nextTurn, turnIsLong } from "../gates/turns.js";

/** Below this depth a piece is stringified in one native call (a maha dasha of a four-level tree ≈ 80 KB). */
const WALK_DEPTH = 4;

export interface SlicedJson {
  readonly text: string;
  /** Its UTF-8 length (Content-Length), summed over the pieces. */
  readonly bytes: number;
}

export async function stringifySliced(value: unknown): Promise<SlicedJson> {
  const pieces: string[] = [];
  let bytes = 0;
  const emit = (s: string) => {
    pieces.push(s);
    bytes += Buffer.byteLength(s);
  };
  // This serialisation takes its place in the one rotation of the event loop's turns.
  const requester = {};
  const turn = async () => {
    if (turnIsLong()) await nextTurn(requester);
  };

  const walk = async (v: unknown, depth: number): Promise<void> => {
    if (v === null || typeof v !== "object" || depth >= WALK_DEPTH || typeof (v as { toJSON?: unknown }).toJSON === "function") {
      emit(JSON.stringify(v) ?? "null");
      await turn();
      return;
    }
    if (Array.isArray(v)) {
      emit("[");
      for (let i = 0; i < v.length; i++) {
        if (i > 0) emit(",");
        const item = v[i];
        if (item === undefined || typeof item === "function" || typeof item === "symbol") emit("null");
        else await walk(item, depth + 1);
      }
      emit("]");
      return;
    }
    emit("{");
    let first = true;
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      emit(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      first = false;
      await walk(item, depth + 1);
    }
    emit("}");
  };

  await walk(value, 0);
  return { text: pieces.join(""), bytes };
}
