import { isbot } from 'isbot';
import { browserName, deviceType } from './user-agent.ts';

export interface Visitor {
  /** False for bots and link-preview fetchers: they are redirected but not counted. */
  counted: boolean;
  browser: string;
  device: string;
}

const MAX_REMEMBERED = 2000;
const remembered = new Map<string, Visitor>();

/** Classifies a User-Agent once; the same few strings repeat across most visits. */
export function classifyVisitor(userAgent: string): Visitor {
  let visitor = remembered.get(userAgent);
  if (!visitor) {
    visitor = { counted: !isbot(userAgent), browser: browserName(userAgent), device: deviceType(userAgent) };
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(userAgent, visitor);
  }
  return visitor;
}

let currentSecond = -1;
let currentDay = '';

/** Today's date (UTC) as YYYY-MM-DD, recomputed at most once a second. */
export function today(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== currentSecond) {
    currentSecond = second;
    currentDay = new Date(second * 1000).toISOString().slice(0, 10);
  }
  return currentDay;
}

/** User-Agent and Referer straight from the raw header list (cheaper than building req.headers). */
export function visitHeaders(rawHeaders: string[]): { userAgent: string; referer?: string } {
  let userAgent = '';
  let referer: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 10 && name.toLowerCase() === 'user-agent') userAgent = rawHeaders[i + 1]!;
    else if (name.length === 7 && name.toLowerCase() === 'referer') referer = rawHeaders[i + 1];
  }
  return { userAgent, referer };
}
