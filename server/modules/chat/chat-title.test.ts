import { describe, expect, it } from 'vitest';
import { titleFromFirstMessage } from './chat-title';

describe('titleFromFirstMessage', () => {
  it('keeps the words about the subject, without greetings and politeness', () => {
    expect(titleFromFirstMessage('Hello Genie, could you please summarise this contract for me?', [])).toBe('Summarise this contract for me');
    expect(titleFromFirstMessage('hey! I need to write a cover letter', [])).toBe('Write a cover letter');
    expect(titleFromFirstMessage('Hello there, what is a good name for a bakery?', [])).toBe('What is a good name for a bakery');
    expect(titleFromFirstMessage('apple', [])).toBe('apple');
    expect(titleFromFirstMessage('Hello there, Genie', [])).toBe('Hello there, Genie');
  });

  it('names the attached files for a message that is only files, never "I\'ve attached 1 file."', () => {
    expect(titleFromFirstMessage('', ['report.pdf'])).toBe('report.pdf');
    expect(titleFromFirstMessage("I've attached 1 file.", ['report.pdf'])).toBe('report.pdf');
    expect(titleFromFirstMessage('  ', ['report.pdf', 'b.png', 'c.txt'])).toBe('report.pdf and 2 more files');
  });

  it('cuts a long message at a word, within 60 characters', () => {
    const title = titleFromFirstMessage('Compare the pricing strategies of three competing coffee shops in the city centre', []);
    expect(title).toBe('Compare the pricing strategies of three competing coffee…');
    expect(title.length).toBeLessThanOrEqual(60);
  });
});
