import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, builtInTemplate } from './prompt-templates';
import { fillPlaceholders, placeholdersOf } from './prompts';

describe('prompt placeholders', () => {
  it('names each placeholder once, in order of first use, trimmed', () => {
    expect(placeholdersOf('Dear {{ name }}, about {{topic}}: {{name}} {{not closed}')).toEqual(['name', 'topic']);
    expect(placeholdersOf('No blanks here')).toEqual([]);
  });

  it('fills every use of a placeholder and keeps one with no value as typed', () => {
    expect(fillPlaceholders('Dear {{ name }}, {{name}} and {{other}}', { name: 'Ada' })).toBe('Dear Ada, Ada and {{other}}');
  });

  it('keeps the six templates of /app, in SPEC order, each with blanks to ask for', () => {
    expect(BUILT_IN_TEMPLATES.map((t) => t.name)).toEqual(['Professional Email', 'Blog Post', 'Contract Draft', 'Business Report', 'HR Policy', 'Project Proposal']);
    expect(builtInTemplate('professional-email')?.name).toBe('Professional Email');
    for (const t of BUILT_IN_TEMPLATES) expect(placeholdersOf(t.body).length).toBeGreaterThan(0);
  });
});
