import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { disabledMcpTools } from '../../db/schema/mcp-tools';

/** The one writer of disabled_mcp_tools: the MCP tools an admin turned off for everyone. */
export const mcpToolsRepository = {
  listDisabled: (db: Db) => db.select({ server: disabledMcpTools.server, tool: disabledMcpTools.tool }).from(disabledMcpTools),

  async disable(db: Db, row: { server: string; tool: string; disabledBy: string; disabledAt: Date }) {
    await db.insert(disabledMcpTools).values(row).onConflictDoNothing();
  },

  async enable(db: Db, server: string, tool: string) {
    await db.delete(disabledMcpTools).where(and(eq(disabledMcpTools.server, server), eq(disabledMcpTools.tool, tool)));
  },
};
