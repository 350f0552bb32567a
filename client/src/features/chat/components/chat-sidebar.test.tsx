import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { ChatMode } from '@contract/chat';
import { PERSONAS } from '@contract/personas';
import { DEFAULT_TEAM_POLICY } from '@contract/team-controls';
import { teamPolicyQueryOptions } from '@/lib/team-policy';
import { ChatSidebar } from './chat-sidebar';

const nothing = () => undefined;

function draw(modes: ChatMode[]) {
  const client = new QueryClient();
  client.setQueryData(teamPolicyQueryOptions().queryKey, { ...DEFAULT_TEAM_POLICY, modes, canEdit: false });
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/chat">
      <ChatSidebar
        collapsed={false}
        onToggle={nothing}
        persona={PERSONAS[0]!}
        mode="chat"
        onModeChange={nothing}
        isPremium
        offerUpgrade={false}
        onBrowseFiles={nothing}
        onUploadFiles={nothing}
        onChangePersona={nothing}
        onOpenTour={nothing}
        voiceEnabled={false}
        voiceSupported={false}
        onToggleVoice={nothing}
        conversationId={null}
        onOpenConversation={nothing}
        onNewChat={nothing}
        projectId={null}
        onNewChatIn={nothing}
        onOpenShared={nothing}
        renderSignOut={() => null}
      />
      </Router>
    </QueryClientProvider>,
  );
  // React marks where text pieces meet; the sentence a person reads has none.
  return html.replaceAll('<!-- -->', '');
}

/** Issue 43: the mode switch offers only the modes the team's policy allows, and says which are off. */
describe('ChatSidebar under a team policy', () => {
  it('offers every mode when the policy allows them all', () => {
    const html = draw(['chat', 'dictionary', 'law']);
    expect(html).toContain('Chat with GENIE');
    expect(html).toContain('>Dictionary<');
    expect(html).toContain('>Legal<');
    expect(html).not.toContain('modes-off-by-policy');
  });

  it('hides the modes the policy turns off and names them', () => {
    const html = draw(['chat']);
    expect(html).toContain('Chat with GENIE');
    expect(html).not.toContain('>Dictionary<');
    expect(html).not.toContain('>Legal<');
    expect(html).toContain('Dictionary and Legal are turned off by your team&#x27;s policy.');
  });
});
