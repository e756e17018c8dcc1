import { Ctx, FieldResolver, Info, Resolver } from "type-graphql";
import type { GraphQLResolveInfo } from "graphql";
import { languageAt } from "../../i18n/language-choice.js";
import type { GraphQLContext } from "../context.js";
import { ConventionsType } from "./conventions.js";

/** `conventions { language }`: the language the names of this answer are in (docs/languages.md). */
@Resolver(() => ConventionsType)
export class ConventionsLanguageResolver {
  @FieldResolver(() => String, {
    description: "The language of the names in this answer (BCP 47 tag; en unless `lang` or Accept-Language chose another).",
  })
  language(@Ctx() ctx: GraphQLContext, @Info() info: GraphQLResolveInfo): string {
    return languageAt(ctx.language, info.path);
  }
}
