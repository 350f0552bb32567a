import { describe, expect, it } from 'vitest';
import { AllowanceMemo } from './allowance-memo';
import type { ChatLimits } from './chat-limits';

const limits = (day: string, allowance = 5, perMinute = 100): ChatLimits => ({
  isPremium: false,
  minuteAgo: new Date(`${day}T11:59:00Z`),
  dayStart: new Date(`${day}T00:00:00Z`),
  perMinute,
  allowance,
  needsPromotion: false,
});
const counts = (today: number, lastMinute = 0) => ({ today, lastMinute, oldestInLastMinute: null, promotionLive: false });

describe('AllowanceMemo', () => {
  it('lends no more of a user’s room than their last start left, until claims are given back', () => {
    const memo = new AllowanceMemo();
    expect(memo.claim('u', limits('2026-11-25'))).toBeNull(); // nothing known yet
    memo.remember('u', limits('2026-11-25'), counts(2)); // 5 allowed, 2 before, this one: 2 left
    const first = memo.claim('u', limits('2026-11-25'));
    const second = memo.claim('u', limits('2026-11-25'));
    expect([first === null, second === null, memo.claim('u', limits('2026-11-25')) === null]).toEqual([false, false, true]);
    first!();
    first!(); // given back once only
    expect(memo.claim('u', limits('2026-11-25'))).not.toBeNull();
    expect(memo.claim('u', limits('2026-11-25'))).toBeNull();
  });

  it('takes the tighter of the minute’s and the day’s room, and trusts neither on another day or plan', () => {
    const memo = new AllowanceMemo();
    memo.remember('u', limits('2026-11-25', 50, 3), counts(10, 1)); // the minute: 3 - 1 - 1 = 1 left
    expect(memo.claim('u', limits('2026-11-25', 50, 3))).not.toBeNull();
    expect(memo.claim('u', limits('2026-11-25', 50, 3))).toBeNull();
    memo.remember('v', limits('2026-11-25'), counts(0));
    expect(memo.claim('v', limits('2026-11-26'))).toBeNull();
    expect(memo.claim('v', limits('2026-11-25', 500))).toBeNull();
    memo.forget('v');
    expect(memo.claim('v', limits('2026-11-25'))).toBeNull();
  });

  it('keeps the claims in flight when a newer count arrives', () => {
    const memo = new AllowanceMemo();
    memo.remember('u', limits('2026-11-25'), counts(0)); // 4 left
    const claims = [1, 2, 3].map(() => memo.claim('u', limits('2026-11-25')));
    memo.remember('u', limits('2026-11-25'), counts(1)); // one of them was counted: 3 left, 3 still claimed
    expect(memo.claim('u', limits('2026-11-25'))).toBeNull();
    claims[0]!();
    expect(memo.claim('u', limits('2026-11-25'))).not.toBeNull();
  });
});
