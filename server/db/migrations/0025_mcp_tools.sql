CREATE TABLE "disabled_mcp_tools" (
	"server" text NOT NULL,
	"tool" text NOT NULL,
	"disabled_by" text NOT NULL,
	"disabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disabled_mcp_tools_server_tool_pk" PRIMARY KEY("server","tool")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tool_calls" jsonb;