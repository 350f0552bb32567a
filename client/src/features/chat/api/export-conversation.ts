/** GET /api/conversations/:id/export?format=md|json: a download the browser saves itself. */
export const conversationExportUrl = (id: string, format: 'md' | 'json') =>
  `/api/conversations/${encodeURIComponent(id)}/export?format=${format}`;
