import { GraphQLError } from "graphql";
import { EngineInputError } from "../../engine/errors.js";

/** Error code every caller-input problem carries (Apollo's own code for bad input). */
export const BAD_USER_INPUT = "BAD_USER_INPUT";

/**
 * A GraphQL error for bad input. `field` is the argument path ("datetime", "birth.latitude");
 * the REST layer turns it into the 422 `loc` of its own parameter.
 */
export function badUserInput(field: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: BAD_USER_INPUT, field } });
}

/** Run `fn`; an EngineInputError it throws becomes badUserInput naming `field`. */
export function forField<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof EngineInputError) throw badUserInput(err.field ?? field, err.message);
    throw err;
  }
}

/** Check a number lies in [min, max] (inclusive), else badUserInput naming `field`. */
export function checkRange(field: string, value: number, min: number, max: number, unit = ""): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw badUserInput(field, `${field.split(".").pop()} must be between ${min} and ${max}${unit}, got ${value}`);
  }
  return value;
}
