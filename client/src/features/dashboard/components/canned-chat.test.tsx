import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n/i18n';
import { HELP_OPTIONS, type CannedMessage } from '../hooks/use-canned-chat';
import { CannedChat } from './canned-chat';

const messages: CannedMessage[] = [
  { id: 0, role: 'assistant', reply: 'greeting' },
  { id: 1, role: 'user', text: 'Hola' },
  { id: 2, role: 'assistant', reply: 'help', options: HELP_OPTIONS },
];
const draw = () =>
  renderToString(<CannedChat messages={messages} replying={false} draft="" onDraftChange={() => {}} onSend={() => {}} inputRef={createRef()} />);

/** Issue 44: /app's canned replies are said in the page's language when drawn, the user's own words as typed. */
describe('CannedChat', () => {
  afterEach(async () => applyLanguage('en'));

  it('says SPEC’s replies in English', () => {
    const html = draw();
    expect(html).toContain('Hi! I am your Genie assistant. What would you like to work on today?');
    expect(html).toContain('I can help you with:');
    expect(html).toContain('<li>Write a professional email</li>');
  });

  it('says them in Spanish, and leaves the user’s message as typed', async () => {
    await applyLanguage('es');
    const html = draw();
    expect(html).toContain('¡Hola! Soy su asistente Genie. ¿En qué le gustaría trabajar hoy?');
    expect(html).toContain('Puedo ayudarle a:');
    expect(html).toContain('<li>Planificar una propuesta de proyecto</li>');
    expect(html).toContain('<p>Hola</p>');
    expect(html).not.toContain('I can help you with:');
  });
});
