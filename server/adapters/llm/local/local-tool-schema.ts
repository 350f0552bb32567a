import type { ChatModelFunctions, GbnfJsonSchema } from 'node-llama-cpp';
import type { ModelTool } from '../model-call';

/**
 * MCP tools as node-llama-cpp functions (issue 45). node-llama-cpp turns each function's
 * parameter schema into a grammar the model's call must follow, and reads only a subset of JSON
 * Schema (its GbnfJsonSchema): it writes every property an object lists (it ignores `required`),
 * and a schema it does not know (no `type`, `anyOf`, `allOf`, a `$ref` to `#/definitions/`) would
 * become `null`, a call no tool accepts. So a tool's schema is translated here:
 * - an object keeps only its required properties: a call with a tool's optional arguments left out
 *   is always valid, one with every optional argument filled in by a small model often is not;
 * - `anyOf` and `oneOf` are alternatives; `$defs` and `definitions` both become `$defs`;
 * - what the grammar cannot say (`allOf`, `not`, `pattern`, a schema with no type) is any JSON
 *   value, and the MCP server checks the arguments as it does for every provider.
 */

type Json = Record<string, unknown>;
type Schema = GbnfJsonSchema;

const BASIC_TYPES = ['string', 'number', 'integer', 'boolean', 'null'] as const;
type BasicType = (typeof BASIC_TYPES)[number];
const isBasicType = (value: unknown): value is BasicType => (BASIC_TYPES as readonly unknown[]).includes(value);
const isLiteral = (value: unknown): value is string | number | boolean | null =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const FORMATS = ['date-time', 'time', 'date'] as const;
const isFormat = (value: unknown): value is (typeof FORMATS)[number] => (FORMATS as readonly unknown[]).includes(value);

/** Any JSON value: what a schema the grammar cannot express allows. */
const ANY: Schema = {
  oneOf: [{ type: ['string', 'number', 'boolean', 'null'] }, { type: 'object', additionalProperties: true }, { type: 'array' }],
};

/** How deep a tool's schema is read; deeper parts are any JSON (a schema is data from an MCP server). */
const MAX_DEPTH = 32;

const withDescription = (schema: Schema, source: Json): Schema =>
  typeof source.description === 'string' && source.description ? ({ ...schema, description: source.description } as Schema) : schema;

const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

function translate(source: unknown, depth: number): Schema {
  if (!isObject(source) || depth > MAX_DEPTH) return ANY;
  if (typeof source.$ref === 'string') {
    const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(source.$ref)?.[1];
    return name ? withDescription({ $ref: `#/$defs/${name}` } as Schema, source) : ANY;
  }
  if ('const' in source && isLiteral(source.const)) return withDescription({ const: source.const }, source);
  if (Array.isArray(source.enum)) {
    const values = source.enum.filter(isLiteral);
    return values.length > 0 ? withDescription({ enum: values }, source) : ANY;
  }
  const alternatives = Array.isArray(source.anyOf) ? source.anyOf : Array.isArray(source.oneOf) ? source.oneOf : null;
  if (alternatives && alternatives.length > 0) return withDescription({ oneOf: alternatives.map((alt) => translate(alt, depth + 1)) }, source);
  const types = Array.isArray(source.type) ? source.type : [source.type];
  if (types.length > 1) return withDescription({ oneOf: types.map((type) => translate({ ...source, type }, depth + 1)) }, source);
  // A schema that lists properties but forgot its type is an object's.
  const [type = isObject(source.properties) ? 'object' : undefined] = types;
  if (type === 'object') return withDescription(objectOf(source, depth), source);
  if (type === 'array') {
    const items = source.items === undefined ? undefined : translate(source.items, depth + 1);
    const minItems = count(source.minItems);
    const maxItems = count(source.maxItems);
    return withDescription({ type: 'array', ...(items ? { items } : {}), ...(minItems !== undefined ? { minItems } : {}), ...(maxItems !== undefined ? { maxItems } : {}) }, source);
  }
  if (type === 'string') {
    if (isFormat(source.format)) return withDescription({ type: 'string', format: source.format }, source);
    const minLength = count(source.minLength);
    const maxLength = count(source.maxLength);
    return withDescription({ type: 'string', ...(minLength !== undefined ? { minLength } : {}), ...(maxLength !== undefined ? { maxLength } : {}) }, source);
  }
  if (isBasicType(type)) return withDescription({ type }, source);
  return ANY;
}

function objectOf(source: Json, depth: number): Schema {
  const properties = isObject(source.properties) ? source.properties : {};
  const required = Array.isArray(source.required) ? source.required.filter((key): key is string => typeof key === 'string' && key in properties) : [];
  const kept = Object.fromEntries(required.map((key) => [key, translate(properties[key], depth + 1)]));
  // An object that names no properties is called with none, unless it says it takes others
  // (`additionalProperties`); one whose properties are all optional is called with none too.
  const freeForm = Object.keys(properties).length === 0 && source.additionalProperties !== false && source.additionalProperties !== undefined;
  const schema: Json = { type: 'object', properties: kept };
  if (freeForm) schema.additionalProperties = isObject(source.additionalProperties) ? translate(source.additionalProperties, depth + 1) : true;
  const defs = isObject(source.$defs) ? source.$defs : isObject(source.definitions) ? source.definitions : null;
  if (defs) schema.$defs = Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, translate(def, depth + 1)]));
  return schema as Schema;
}

/** A tool's parameter schema as node-llama-cpp reads it (see above). */
export const gbnfSchemaOf = (parameters: Record<string, unknown>): Schema => translate(parameters, 0);

/** The tools offered to a local model, as node-llama-cpp's functions by name. */
export const localFunctionsOf = (tools: ModelTool[]): ChatModelFunctions =>
  Object.fromEntries(tools.map((tool) => [tool.name, { description: tool.description, params: gbnfSchemaOf(tool.parameters) }]));
