import type { ChatLimits, LimitCounts } from './chat-limits';

/** Users remembered at once; the oldest is forgotten first (a forgotten user's next chat just takes the ordinary path). */
const USERS_REMEMBERED = 10_000;

interface Room {
  /** Messages the user could still send when their last start was counted. */
  left: number;
  /** The limits that count was made against: a day or plan that changed makes it stale. */
  dayStart: number;
  perMinute: number;
  allowance: number;
  /** Early starts taken out of `left` whose statements have not answered yet. */
  claimed: number;
}

/**
 * What this process last learnt of each user's room under their limits: the counts that
 * chatExchangeRepository.startExchange read with their last message. A chat may ask the model
 * before its own start statement has answered (chat.service.ts) only when that room covers it
 * and every other such chat in flight. The statement stays the judge: the per-minute count
 * only falls as time passes, but another app process (scaled out) may have used some of the
 * room meanwhile; then the statement refuses, and the model's call is abandoned unread.
 */
export class AllowanceMemo {
  private readonly rooms = new Map<string, Room>();

  /** After a start was allowed: the room left once its message counts. */
  remember(userId: string, limits: ChatLimits, counts: LimitCounts): void {
    const left = Math.min(limits.perMinute - counts.lastMinute, limits.allowance - counts.today) - 1;
    // Changed in place: the claims in flight hold this object to give their message back to.
    const room: Room = this.rooms.get(userId) ?? { left, dayStart: 0, perMinute: 0, allowance: 0, claimed: 0 };
    room.left = left;
    room.dayStart = limits.dayStart.getTime();
    room.perMinute = limits.perMinute;
    room.allowance = limits.allowance;
    this.rooms.delete(userId); // set again, last: the Map's order is the order of use
    this.rooms.set(userId, room);
    if (this.rooms.size > USERS_REMEMBERED) this.rooms.delete(this.rooms.keys().next().value!);
  }

  /** After a refusal: the user's next chats wait for their statements, as without a memo. */
  forget(userId: string): void {
    this.rooms.delete(userId);
  }

  /**
   * Takes one message of the user's remembered room, when it has one to spare under these
   * limits; says how to give it back once the start statement has answered, or null.
   */
  claim(userId: string, limits: ChatLimits): (() => void) | null {
    const room = this.rooms.get(userId);
    const current =
      room !== undefined &&
      room.dayStart === limits.dayStart.getTime() &&
      room.perMinute === limits.perMinute &&
      room.allowance === limits.allowance;
    if (!current || room.left - room.claimed <= 0) return null;
    room.claimed++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      room.claimed--;
    };
  }
}
