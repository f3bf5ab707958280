// The time the memberships' life cycle goes by (decision 022): the system clock in the app; API tests
// pass a MovableClock to buildApp and move it forward to reach trial ends, renewals and grace ends.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at the real time and is moved forward by hand (tests). */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advanceDays(days: number): void {
    this.advanceMinutes(days * 24 * 60);
  }

  advanceMinutes(minutes: number): void {
    this.offsetMs += minutes * 60 * 1000;
  }
}
