/**
 * The subscribe checks that need the network or the database — the URL's host resolved and
 * judged by the SSRF rule, the per-account cap — run before pricing, like prevalidation
 * (docs/architecture.md §5: bad input loses nothing), so a refused subscription is not charged.
 * The resolver checks both again (the cap inside its transaction).
 */
import { GraphQLError, Kind, getArgumentValues, getVariableValues, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from "graphql";
import { AccountsError } from "../../accounts/errors.js";
import type { WebhooksService } from "../../events/webhooks-service.js";
import { BAD_USER_INPUT } from "../common/input-errors.js";

interface GateRequest {
  schema: GraphQLSchema; document: DocumentNode; operation?: OperationDefinitionNode | null;
  request: { variables?: Readonly<Record<string, unknown>> | null };
  contextValue: object;
}

export function webhookSubscribeGate(webhooksOf: (context: object) => WebhooksService | undefined) {
  return async (rc: GateRequest): Promise<void> => {
    const op = rc.operation;
    if (!op || op.operation !== "mutation") return;
    const fields = op.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && s.name.value === "subscribeWebhook");
    if (fields.length === 0) return;
    const webhooks = webhooksOf(rc.contextValue);
    const def = rc.schema.getMutationType()?.getFields().subscribeWebhook;
    if (!webhooks || !def) return;
    const coerced = getVariableValues(rc.schema, op.variableDefinitions ?? [], { ...(rc.request.variables ?? {}) });
    if (coerced.errors) return;
    const account = (rc.contextValue as { account?: { id: string } | null }).account ?? null;
    // Without a (valid) key the call is refused (401) or only priced: no DNS lookup on its behalf.
    if (!account) return;
    for (const f of fields) {
      if (f.kind !== Kind.FIELD) continue;
      const input = getArgumentValues(def, f, coerced.coerced).input as { url: string; events: string[] };
      try {
        await webhooks.precheck(account.id, input);
      } catch (err) {
        if (!(err instanceof AccountsError)) throw err;
        if (err.status === 422) {
          throw new GraphQLError(err.message, { extensions: { code: BAD_USER_INPUT, field: err.details.field ?? "url", http: { status: 400 } } });
        }
        throw new GraphQLError(err.message, { extensions: { code: err.code, http: { status: err.status } } });
      }
    }
  };
}
