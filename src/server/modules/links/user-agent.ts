/** Coarse browser and device names for link analytics; no fingerprinting, just the split. */
export function browserName(userAgent: string): string {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Other';
}

export function deviceType(userAgent: string): string {
  if (/iPad|Tablet/i.test(userAgent)) return 'Tablet';
  if (/Mobi|Android|iPhone/i.test(userAgent)) return 'Mobile';
  return 'Desktop';
}

export function referrerHost(referer: string | undefined): string {
  if (!referer) return '(direct)';
  try {
    return new URL(referer).hostname.toLowerCase() || '(direct)';
  } catch {
    return '(direct)';
  }
}
