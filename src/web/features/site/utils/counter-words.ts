/** Below this many accounts the counter speaks of an early community, not of a crowd. */
export const EARLY_COMMUNITY = 100;

/**
 * Which sentence goes with the registered-user count: a new install has a handful of accounts,
 * and "5 creators and customers have already joined" reads like an empty room.
 */
export function counterWords(count: number): 'first' | 'early' | 'joined' {
  if (count <= 0) return 'first';
  return count < EARLY_COMMUNITY ? 'early' : 'joined';
}
