/** Waits between attempts: 1 min, 5 min, 30 min, 2 h, then every 6 h. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;

/** A webhook that has failed without a single success for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/** Delay before attempt number `attempt + 1`, after `attempt` failed attempts (1-based). */
export function retryDelayMs(failedAttempts: number): number {
  const index = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index]!;
}

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/** True when the webhook has been failing since `failingSince` for 3 days or more. */
export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}
