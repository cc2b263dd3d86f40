/** A schema.org node, from JSON-LD or microdata, as plain JSON. */
export type SchemaNode = { types: string[]; props: Record<string, unknown>; parentName: string | null };
