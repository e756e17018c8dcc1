import "reflect-metadata";
import { it } from "vitest";
import { getNamedType, isLeafType, isObjectType, parse, type GraphQLObjectType } from "graphql";
import { buildAppSchema } from "../src/resolvers/schema.js";
function fullSelection(type: GraphQLObjectType, depth = 3): string {
  const parts: string[] = [];
  for (const f of Object.values(type.getFields())) {
    if (f.args.some((a) => a.type.toString().endsWith("!") && a.defaultValue === undefined)) continue;
    const named = getNamedType(f.type);
    if (isLeafType(named)) parts.push(f.name);
    else if (isObjectType(named) && depth > 1) { const inner = fullSelection(named, depth - 1); if (inner) parts.push(`${f.name} { ${inner} }`); }
  }
  return parts.join(" ");
}
it("count", async () => {
  const schema = await buildAppSchema();
  for (const t of ["Chart", "Dasha"]) { const s = fullSelection(schema.getType(t) as GraphQLObjectType); let n = 0; const walk = (ss: any) => { for (const x of ss?.selections ?? []) { n++; walk(x.selectionSet); } }; walk((parse(`{ x { ${s} } }`).definitions[0] as any).selectionSet); console.log(t, n); }
}, 60000);
