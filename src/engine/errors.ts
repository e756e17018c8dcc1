/**
 * An input the engine cannot work with (malformed datetime, out-of-range value, unknown name).
 * The boundary (GraphQL/REST) turns it into a 422 naming the field; `field` is filled by the
 * boundary when the engine does not know it.
 */
export class EngineInputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "EngineInputError";
  }
}
