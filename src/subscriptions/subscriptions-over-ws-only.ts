import { GraphQLError, type ValidationRule } from "graphql";

/**
 * Apollo validation rule for POST/GET /graphql: a subscription is refused there, before pricing.
 * Apollo has no subscription transport over HTTP; graphql-js would run the field once with no
 * event (an internal error) after the cost plugin had already charged for it. Subscriptions are
 * served by graphql-ws on the same path (docs/architecture.md §8).
 */
export const subscriptionsOverWebSocketOnly: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation !== "subscription") return;
    context.reportError(new GraphQLError(
      "Subscriptions are served over WebSocket (graphql-ws) on /graphql, with the API key in the connection params; " +
        "over HTTP only queries and mutations are.",
      { nodes: node },
    ));
  },
});
