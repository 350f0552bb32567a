import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Attachment } from '@contract/chat';
import { Composer } from './composer';

const report: Attachment = { url: '/api/files/f1/download', name: 'report.pdf', type: 'application/pdf', size: 2048 };
const none = () => {};

function draw({ sending = false, attachments = [] as Attachment[], uploading = false }) {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <Composer
        attachments={attachments}
        sending={sending}
        uploading={uploading}
        voiceEnabled={false}
        onSend={() => true}
        onStop={none}
        onRemoveAttachment={none}
        onUploadFiles={none}
        accentGradient="from-genie-500 to-genie-700"
      />
    </QueryClientProvider>,
  );
}

const sendButton = (html: string) => html.match(/<button type="submit"[^>]*>/)?.[0];

/** SPEC §4 "Sending" as the message box draws it (the box starts empty). */
describe('Composer', () => {
  it('keeps Send disabled while the box is empty and nothing is attached', () => {
    expect(sendButton(draw({}))).toMatch(/ disabled=""/);
  });
  it('enables Send for an attachment alone, and shows its chip', () => {
    const html = draw({ attachments: [report] });
    expect(sendButton(html)).not.toMatch(/ disabled=""/);
    expect(html).toContain('report.pdf');
  });
  it('shows Stop instead of Send while a reply streams', () => {
    const html = draw({ sending: true, attachments: [report] });
    expect(sendButton(html)).toBeUndefined();
    expect(html).toMatch(/<button type="button" title="Stop generating \(Esc\)"[^>]*>.*Stop<\/button>/);
  });
  it('disables Attach while files upload', () => {
    expect(draw({ uploading: true })).toMatch(/<button type="button" aria-label="Attach" title="Attach files"[^>]*disabled=""/);
  });
});
