import type { ApolloServerPlugin } from "@apollo/server";
import type { OperationDefinitionNode } from "graphql";
import type { LanguageChoice } from "../i18n/language-choice.js";
import { localizeInPlace } from "../i18n/localize.js";
import type { GraphQLContext } from "../resolvers/context.js";
import { languageChoiceOf } from "../resolvers/common/language-argument.js";

/**
 * /graphql's door for languages (docs/languages.md): after the operation is resolved, the
 * choice (each root field's `lang`, else Accept-Language) goes on the context, where the SVG
 * renderer and `conventions { language }` read it; before the answer is sent its names are
 * rewritten in place per root field and the language echoed in Content-Language. An unsupported
 * `lang` is refused before pricing by the prevalidation gate (resolvers/prevalidate.ts); the
 * throw here covers deployments without the cost gates. A REST route sets its own choice (and
 * localises its own body) before executing, so an operation arriving with one is left alone.
 */
export function languagePlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      let mine: LanguageChoice | undefined;
      return {
        async didResolveOperation(rc) {
          if (rc.operation) mine = chooseLanguage(rc.contextValue, rc.operation, rc.request.variables, rc.request.http?.headers.get("accept-language"));
        },
        async willSendResponse(rc) {
          if (!mine || rc.response.body.kind !== "single") return;
          localiseAnswer(rc.response.body.singleResult.data as Record<string, unknown> | null | undefined, mine, rc.response.http.headers);
        },
      };
    },
  };
}

/**
 * The choice for a GraphQL operation (each root field's `lang`, else Accept-Language), put on the
 * context; undefined when a REST route already chose (it localises its own body) or nothing was asked.
 * Shared by the Apollo plugin and the GraphQL fast lane's executor, so both answer alike.
 */
export function chooseLanguage(
  context: GraphQLContext, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined, acceptLanguage: string | undefined | null,
): LanguageChoice | undefined {
  if (context.language !== undefined) return undefined;
  const mine = languageChoiceOf(operation, variables, acceptLanguage ?? undefined);
  if (mine) context.language = mine;
  return mine;
}

/** Rewrites the answer's names in place per root field and echoes the language(s) in Content-Language. */
export function localiseAnswer(data: Record<string, unknown> | null | undefined, mine: LanguageChoice, headers: { set(name: string, value: string): unknown }): void {
  let echoed: string | undefined;
  if (data) {
    for (const key in data) {
      const lang = mine.byRoot?.get(key) ?? mine.language;
      if (echoed === undefined) echoed = lang;
      else if (!echoed.split(", ").includes(lang)) echoed = `${echoed}, ${lang}`;
      localizeInPlace(data[key], lang);
    }
  }
  headers.set("content-language", echoed ?? mine.language);
}
