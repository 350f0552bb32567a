import { describe, expect, it } from 'vitest';
import { describeSkipped } from './upload-files';

const file = (name: string, size: number, type = 'text/plain') => ({ name, size, type }) as File;

describe('describeSkipped', () => {
  it('names each file left out and why, in one sentence', () => {
    const picked = [file('notes.txt', 10), file('film.mov', 104_857_601, 'video/quicktime'), ...Array.from({ length: 10 }, (_, i) => file(`f${i}.txt`, 1))];
    expect(describeSkipped(picked)).toBe('Skipped film.mov (over 100 MB), 2 more files (10 files at a time).');
  });
  it('names a type the picker does not accept, one extra file in the singular, and nothing when all fit', () => {
    expect(describeSkipped([file('a.png', 5, 'image/png'), file('b.txt', 5)], ['image/*'])).toBe('Skipped b.txt (type not accepted here).');
    expect(describeSkipped(Array.from({ length: 11 }, (_, i) => file(`f${i}.txt`, 1)))).toBe('Skipped 1 more file (10 files at a time).');
    expect(describeSkipped([file('a.txt', 104_857_600)])).toBe(null);
  });
});
