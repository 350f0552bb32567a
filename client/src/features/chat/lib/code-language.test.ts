import { describe, expect, it } from 'vitest';
import { codeLanguageLabel } from './code-language';

describe('codeLanguageLabel', () => {
  it('names a known fence id the way people write it', () => {
    expect(codeLanguageLabel('ts')).toBe('TypeScript');
    expect(codeLanguageLabel('PY')).toBe('Python');
    expect(codeLanguageLabel('cpp')).toBe('C++');
  });
  it('shows an unknown id as written, and "Code" for a fence without one', () => {
    expect(codeLanguageLabel('zig')).toBe('zig');
    expect(codeLanguageLabel(undefined)).toBe('Code');
  });
});
