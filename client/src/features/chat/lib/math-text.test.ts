import { describe, expect, it } from 'vitest';
import { hasMath, normaliseMath } from './math-text';

describe('normaliseMath', () => {
  it('turns \\(x\\), \\[x\\] and Pandoc-style $x$ into double dollars', () => {
    expect(normaliseMath('Area is \\(\\pi r^2\\).')).toBe('Area is $$\\pi r^2$$.');
    expect(normaliseMath('So \\[ E = mc^2 \\] holds')).toBe('So \n$$\nE = mc^2\n$$\n holds');
    expect(normaliseMath('Let $x^2 + 1$ be odd')).toBe('Let $$x^2 + 1$$ be odd');
  });

  it('leaves prices alone', () => {
    expect(normaliseMath('It costs $5 and $10 a month')).toBe('It costs $5 and $10 a month');
    expect(normaliseMath('Plans from $5-$10')).toBe('Plans from $5-$10');
    expect(hasMath(normaliseMath('It costs $5 and $10 a month'))).toBe(false);
  });

  it('leaves code exactly as written', () => {
    const code = 'Run `echo $HOME $PATH` or\n```sh\nprintf "$a$"\n```';
    expect(normaliseMath(code)).toBe(code);
    expect(hasMath(normaliseMath(code))).toBe(false);
  });

  it('finds math in prose only', () => {
    expect(hasMath(normaliseMath('Let $x$ be 1'))).toBe(true);
    expect(hasMath('$$\nx\n$$')).toBe(true);
    expect(hasMath('no math here')).toBe(false);
  });
});
