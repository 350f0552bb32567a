import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('takes the marks off strong, emphasised, struck and code words', () => {
    expect(plainText('**brapsky** (noun)')).toBe('brapsky (noun)');
    expect(plainText('brapsky** (noun)')).toBe('brapsky (noun)');
    expect(plainText('**[3] tar.pdf, p. 13** says so')).toBe('[3] tar.pdf, p. 13 says so');
    expect(plainText('an *odd* and __bold__ ~~old~~ `npm start` word')).toBe('an odd and bold old npm start word');
    expect(plainText('***very*** loud')).toBe('very loud');
  });

  it('keeps the text of links and images, and drops heading, quote and bullet marks', () => {
    expect(plainText('see [the guide](https://example.com/a) and ![a chart](c.png)')).toBe('see the guide and a chart');
    expect(plainText('## Tea versus coffee')).toBe('Tea versus coffee');
    expect(plainText('> quoted\n- first\n* second')).toBe('quoted\nfirst\nsecond');
    expect(plainText('end of a line ## Next heading')).toBe('end of a line Next heading');
  });

  it('leaves marks inside words and arithmetic alone', () => {
    expect(plainText('snake_case_name and 2*3*4 and a_b')).toBe('snake_case_name and 2*3*4 and a_b');
    expect(plainText('Tea versus coffee')).toBe('Tea versus coffee');
  });
});
