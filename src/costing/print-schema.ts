/**
 * SDL with the price list visible. graphql-js's printSchema drops applied directives, so this
 * parses its output and re-attaches `@cost(credits: N)` to billable fields and
 * `@costCap(credits: N)` to capped object types, reading the same extensions the pricing uses.
 */
import {
  type ConstDirectiveNode,
  type DirectiveDefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLSchema,
  Kind,
  isInterfaceType,
  isObjectType,
  parse,
  print,
  printSchema,
  visit,
} from "graphql";
import { costCapDirective, costDirective } from "./cost-decorator.js";
import { fieldCostMilli, typeCapMilli } from "./price.js";

function creditsDirective(name: string, milli: number): ConstDirectiveNode {
  return {
    kind: Kind.DIRECTIVE,
    name: { kind: Kind.NAME, value: name },
    arguments: [
      {
        kind: Kind.ARGUMENT,
        name: { kind: Kind.NAME, value: "credits" },
        value: milli % 1000 === 0
          ? { kind: Kind.INT, value: String(milli / 1000) }
          : { kind: Kind.FLOAT, value: String(milli / 1000) },
      },
    ],
  };
}

const withoutDirective = (dirs: readonly ConstDirectiveNode[] | undefined, name: string) =>
  (dirs ?? []).filter((d) => d.name.value !== name);

export function printSchemaWithCosts(schema: GraphQLSchema): string {
  const doc = parse(printSchema(schema));
  const declared = new Set(
    doc.definitions.filter((d): d is DirectiveDefinitionNode => d.kind === Kind.DIRECTIVE_DEFINITION).map((d) => d.name.value),
  );
  const withCosts = visit(doc, {
    ObjectTypeDefinition(node) {
      const type = schema.getType(node.name.value);
      if (!isObjectType(type)) return undefined;
      const cap = typeCapMilli(type);
      const fields = node.fields?.map((f) => withFieldCost(f, type.getFields()[f.name.value]));
      const directives = withoutDirective(node.directives, costCapDirective.name);
      if (cap !== undefined) directives.push(creditsDirective(costCapDirective.name, cap));
      return { ...node, fields, directives };
    },
    InterfaceTypeDefinition(node) {
      const type = schema.getType(node.name.value);
      if (!isInterfaceType(type)) return undefined;
      return { ...node, fields: node.fields?.map((f) => withFieldCost(f, type.getFields()[f.name.value])) };
    },
  }) as DocumentNode;
  const missing = [costDirective, costCapDirective].filter((d) => !declared.has(d.name));
  const header = missing.map((d) => {
    const desc = d.description ? `"""${d.description}"""\n` : "";
    return `${desc}directive @${d.name}(credits: Float!) on ${d.locations.join(" | ")}`;
  });
  return [...header, print(withCosts)].join("\n\n") + "\n";
}

function withFieldCost(node: FieldDefinitionNode, field: { extensions?: Record<string, unknown> | null } | undefined): FieldDefinitionNode {
  const milli = field ? fieldCostMilli(field) : 0;
  const directives = withoutDirective(node.directives, costDirective.name);
  if (milli > 0) directives.push(creditsDirective(costDirective.name, milli));
  return { ...node, directives };
}
