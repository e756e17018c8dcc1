import type { Request, RequestHandler, Response } from "express";
import { validateInput, type InputSchema, type RawInput } from "./input-schema.js";
import type { RouteEntry } from "./route-entry.js";

/**
 * HEAD on a GET route (issue 8): the head of the answer, never the work. express would run the GET
 * handler and drop the body, so a HEAD was priced, charged and computed for nothing the caller
 * can read — and a HEAD of a mailed GET /verify link (link scanners send them) would use up the
 * link. Here the route's input is validated (a bad query answers 422, as GET would) and the
 * caller gets 200 with the JSON content type and `X-Credits-Charged: 0`; nothing runs.
 * A free route whose head depends on state (the calendar feed: its token decides 404/402/200, its text
 * the ETag) sets `headRunsGet`, and HEAD runs its GET without the body (router.ts).
 */
export function headHandler(route: RouteEntry): RequestHandler {
  return (req: Request, res: Response) => {
    const raw: RawInput = {
      path: (req.params ?? {}) as Record<string, string>,
      query: (req.query ?? {}) as Record<string, unknown>,
      body: undefined,
    };
    const { errors } = validateInput(route.input as InputSchema, raw);
    res.status(errors.length > 0 ? 422 : 200).type(errors.length === 0 && route.rawContentType ? route.rawContentType : "json").set("X-Credits-Charged", "0").end();
  };
}
