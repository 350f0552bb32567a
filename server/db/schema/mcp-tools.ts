import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * MCP tools an admin turned off for everyone (issue 40). A tool is on unless it has a row here, so
 * a tool a server adds later is offered at once; turning it back on deletes the row. Keyed by the
 * server's name in MCP_SERVERS and the tool's own name, not by a tool list Genie copies.
 */
export const disabledMcpTools = pgTable(
  'disabled_mcp_tools',
  {
    server: text('server').notNull(),
    tool: text('tool').notNull(),
    /** The admin's username, for the console. */
    disabledBy: text('disabled_by').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.server, t.tool] })],
);
export type DisabledMcpToolRow = typeof disabledMcpTools.$inferSelect;
