import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it.each([
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/caf\u00e9'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['//evil.example'],
    ['/.//evil.example'],
    ['/%2e%2e//evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['files'],
    [''],
    [null],
    [undefined],
    ['/' + 'a'.repeat(2000)],
  ])('refuses %j', (next) => {
    expect(safeNext(next, '/chat')).toBe('/chat');
  });

  it.each([['/'], ['/files'], ['/files?folder=a%20b#top'], ['/profile?tab=settings&erase=confirm'], ['/%09/x']])('keeps the same-site path %j as given', (next) => {
    expect(safeNext(next, '/chat')).toBe(next);
  });
});
