import { describe, expect, it } from 'vitest';
import { gbnfSchemaOf, localFunctionsOf } from './local-tool-schema';

const ANY = { oneOf: [{ type: ['string', 'number', 'boolean', 'null'] }, { type: 'object', additionalProperties: true }, { type: 'array' }] };

/** MCP tools' JSON Schemas as node-llama-cpp's grammar schemas (issue 45). */
describe('a tool schema for node-llama-cpp', () => {
  it("keeps an object's required properties only, with their descriptions, and drops $schema (the filesystem server's read_text_file)", () => {
    const readTextFile = {
      type: 'object',
      properties: {
        path: { type: 'string' },
        tail: { description: 'If provided, returns only the last N lines of the file', type: 'number' },
        head: { description: 'If provided, returns only the first N lines of the file', type: 'number' },
      },
      required: ['path'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    };
    expect(gbnfSchemaOf(readTextFile)).toEqual({ type: 'object', properties: { path: { type: 'string' } } });
  });

  it('calls a tool that names no properties, or only optional ones, with none', () => {
    expect(gbnfSchemaOf({ type: 'object', properties: {}, $schema: 'http://json-schema.org/draft-07/schema#' })).toEqual({ type: 'object', properties: {} });
    expect(gbnfSchemaOf({ type: 'object' })).toEqual({ type: 'object', properties: {} });
    expect(gbnfSchemaOf({ type: 'object', properties: { verbose: { type: 'boolean' } } })).toEqual({ type: 'object', properties: {} });
  });

  it('leaves an object that takes any properties free-form', () => {
    expect(gbnfSchemaOf({ type: 'object', additionalProperties: true })).toEqual({ type: 'object', properties: {}, additionalProperties: true });
    expect(gbnfSchemaOf({ type: 'object', additionalProperties: { type: 'string' } })).toEqual({ type: 'object', properties: {}, additionalProperties: { type: 'string' } });
  });

  it('reads arrays, enums, consts, string bounds and formats, nested (edit_file, list_directory_with_sizes)', () => {
    const schema = {
      type: 'object',
      properties: {
        edits: {
          type: 'array',
          minItems: 1,
          items: { type: 'object', properties: { oldText: { type: 'string', description: 'Text to search for' }, newText: { type: 'string' } }, required: ['oldText', 'newText'] },
        },
        sortBy: { type: 'string', enum: ['name', 'size'], default: 'name' },
        kind: { const: 'file' },
        name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z]+$' },
        when: { type: 'string', format: 'date-time' },
        count: { type: 'integer', minimum: 0 },
      },
      required: ['edits', 'sortBy', 'kind', 'name', 'when', 'count'],
    };
    expect(gbnfSchemaOf(schema)).toEqual({
      type: 'object',
      properties: {
        edits: { type: 'array', minItems: 1, items: { type: 'object', properties: { oldText: { type: 'string', description: 'Text to search for' }, newText: { type: 'string' } } } },
        sortBy: { enum: ['name', 'size'] },
        kind: { const: 'file' },
        name: { type: 'string', minLength: 1, maxLength: 64 },
        when: { type: 'string', format: 'date-time' },
        count: { type: 'integer' },
      },
    });
  });

  it('turns anyOf, oneOf and a list of types into alternatives', () => {
    expect(gbnfSchemaOf({ anyOf: [{ type: 'string' }, { type: 'null' }], description: 'maybe' })).toEqual({ oneOf: [{ type: 'string' }, { type: 'null' }], description: 'maybe' });
    expect(gbnfSchemaOf({ oneOf: [{ type: 'number' }] })).toEqual({ oneOf: [{ type: 'number' }] });
    expect(gbnfSchemaOf({ type: ['string', 'array'], items: { type: 'string' } })).toEqual({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] });
  });

  it('points $ref at $defs, whether the schema named them $defs or definitions', () => {
    const schema = {
      type: 'object',
      properties: { to: { $ref: '#/definitions/address' }, cc: { $ref: '#/$defs/address' } },
      required: ['to', 'cc'],
      definitions: { address: { type: 'string', description: 'an email address' } },
    };
    expect(gbnfSchemaOf(schema)).toEqual({
      type: 'object',
      properties: { to: { $ref: '#/$defs/address' }, cc: { $ref: '#/$defs/address' } },
      $defs: { address: { type: 'string', description: 'an email address' } },
    });
  });

  it('allows any JSON value where the grammar cannot say what the schema means', () => {
    expect(gbnfSchemaOf({})).toEqual(ANY);
    expect(gbnfSchemaOf({ allOf: [{ type: 'string' }] })).toEqual(ANY);
    expect(gbnfSchemaOf({ $ref: 'https://example.com/schema.json' })).toEqual(ANY);
    expect(gbnfSchemaOf({ enum: [{ an: 'object' }] })).toEqual(ANY);
    expect(gbnfSchemaOf({ type: 'object', properties: { x: 'not a schema' }, required: ['x'] })).toEqual({ type: 'object', properties: { x: ANY } });
  });

  it('reads a schema that lists properties without a type as an object, and stops reading past 32 levels', () => {
    expect(gbnfSchemaOf({ properties: { q: { type: 'string' } }, required: ['q'] })).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'array', items: deep };
    let level: unknown = gbnfSchemaOf(deep);
    let depth = 0;
    while ((level as { items?: unknown }).items) {
      level = (level as { items: unknown }).items;
      depth += 1;
    }
    expect(depth).toBe(33);
    expect(level).toEqual(ANY);
  });

  it('offers each tool by its name with its description', () => {
    expect(localFunctionsOf([{ name: 'fs__list_allowed_directories', description: 'Lists the folders.', parameters: { type: 'object', properties: {} } }])).toEqual({
      fs__list_allowed_directories: { description: 'Lists the folders.', params: { type: 'object', properties: {} } },
    });
  });
});
