import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const USAGE = 'must be a JSON array of servers, each {"name", "command", "args"?, "env"?} (stdio) or {"name", "url", "headers"?} (streamable HTTP)';
const problemOf = (value: string) => {
  try {
    loadConfig({ MCP_SERVERS: value });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('MCP_SERVERS', () => {
  it('reads stdio and streamable HTTP servers, and none when unset', () => {
    const config = loadConfig({
      MCP_SERVERS: JSON.stringify([
        { name: 'fs', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv/shared'], env: { LOG: '1' } },
        { name: 'tickets', url: 'http://127.0.0.1:8931/mcp', headers: { authorization: 'Bearer x' } },
      ]),
    });
    expect(config.MCP_SERVERS).toEqual([
      { name: 'fs', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv/shared'], env: { LOG: '1' } },
      { name: 'tickets', url: 'http://127.0.0.1:8931/mcp', headers: { authorization: 'Bearer x' } },
    ]);
    expect(loadConfig({}).MCP_SERVERS).toEqual([]);
  });

  it('refuses a bad value at start with one sentence naming the server and what is wrong', () => {
    expect(problemOf('[{name: fs}]')).toBe(`Invalid configuration:\n  MCP_SERVERS: ${USAGE}; it is not valid JSON`);
    expect(problemOf('{"name":"fs"}')).toBe(`Invalid configuration:\n  MCP_SERVERS: ${USAGE}; it is not an array`);
    expect(problemOf('[{"name":"fs"}]')).toBe(`Invalid configuration:\n  MCP_SERVERS: ${USAGE}; server 1 ("fs") needs exactly one of command or url`);
    expect(problemOf('[{"name":"fs__x","command":"a"}]')).toBe(
      `Invalid configuration:\n  MCP_SERVERS: ${USAGE}; server 1 ("fs__x"): name must be 1 to 32 letters, digits or single hyphens (it prefixes tool names)`,
    );
    expect(problemOf('[{"name":"a","url":"ftp://x"}]')).toBe(`Invalid configuration:\n  MCP_SERVERS: ${USAGE}; server 1 ("a"): url must be an http:// or https:// address`);
    expect(problemOf('[{"name":"a","command":"x","cwd":"/"}]')).toBe(`Invalid configuration:\n  MCP_SERVERS: ${USAGE}; server 1 ("a"): has unknown field cwd`);
    expect(problemOf('[{"name":"a","command":"x"},{"name":"A","command":"y"}]')).toBe(`Invalid configuration:\n  MCP_SERVERS: ${USAGE}; server 2 ("A"): the name is used twice`);
  });
});
