import { describe, expect, it } from 'vitest';
import { planLabel, roleWithArticle } from './format';

describe('team wording', () => {
  it('names a plan from the catalogue, and no plan or an unknown one as Free', () => {
    expect([planLabel('starter'), planLabel('pro'), planLabel('enterprise'), planLabel(null), planLabel('gold')]).toEqual(['Starter', 'Pro', 'Enterprise', 'Free', 'Free']);
  });

  it('puts the right article before each role', () => {
    expect([roleWithArticle('member'), roleWithArticle('admin'), roleWithArticle('owner')]).toEqual(['a member', 'an admin', 'the owner']);
  });
});
