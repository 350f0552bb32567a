import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '@contract/mcp-tools';
import { createToolActivityStore } from '../lib/tool-activity-store';
import { ToolApprovalCard } from './tool-approval-card';
import { ToolCallBlock } from './tool-call-block';

const approval = { id: 'a1', server: 'fs', tool: 'write_file', arguments: '{"path":"/srv/notes.txt","content":"hi"}', expiresInSeconds: 300 };

const draw = (node: React.ReactNode) => renderToString(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

/** Issue 40: a tool call waiting for the user, and a call once it ran. */
describe('ToolApprovalCard', () => {
  it('names the tool and its server, shows the arguments indented, and offers Allow and Deny with the time limit', () => {
    const html = draw(<ToolApprovalCard approval={approval} onAnswered={() => {}} />);
    expect(html).toContain('The reply wants to run <span class="font-semibold">write_file</span> from <span class="font-semibold">fs</span>');
    expect(html).toContain('{\n  &quot;path&quot;: &quot;/srv/notes.txt&quot;,\n  &quot;content&quot;: &quot;hi&quot;\n}');
    expect(html).toMatch(/<button[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*>Deny<\/button>/);
    expect(html).toContain('Denied if not answered within 5 minutes.');
    expect(draw(<ToolApprovalCard approval={{ ...approval, expiresInSeconds: 4 }} onAnswered={() => {}} />)).toContain('Denied if not answered within 4 seconds.');
  });
});

describe('ToolCallBlock', () => {
  it('is closed, showing the tool and how it ended; its arguments and result are inside', () => {
    const call: ToolCall = { id: 'c1', server: 'fs', tool: 'read_text_file', arguments: '{"path":"/a"}', status: 'done', result: 'The secret word is zephyr.' };
    const html = draw(<ToolCallBlock call={call} />);
    expect(html.startsWith('<details class="group')).toBe(true);
    expect(html).not.toContain('<details open');
    expect(html).toContain('Used <span class="font-semibold">read_text_file</span>');
    expect(html).toContain('>Done</span>');
    expect(html).toContain('The secret word is zephyr.');
    expect(draw(<ToolCallBlock call={{ ...call, status: 'denied', result: 'You denied this call; the tool did not run.' }} />)).toContain('>Not run</span>');
  });
});

describe('the reply in flight', () => {
  it('drops an approval card once answered, or once its call ended without an answer (timed out)', () => {
    const store = createToolActivityStore();
    store.asked(approval);
    store.asked({ ...approval, id: 'a2', arguments: '{"path":"/b"}' });
    store.answered('a1');
    expect(store.get().waiting.map((w) => w.id)).toEqual(['a2']);
    store.ran({ id: 'c2', server: 'fs', tool: 'write_file', arguments: '{"path":"/b"}', status: 'denied', result: 'late' });
    expect(store.get()).toEqual({ waiting: [], calls: [{ id: 'c2', server: 'fs', tool: 'write_file', arguments: '{"path":"/b"}', status: 'denied', result: 'late' }] });
    store.clear();
    expect(store.get()).toEqual({ calls: [], waiting: [] });
  });
});
