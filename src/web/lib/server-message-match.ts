// Which `server` string of a namespace an English message is (see server-message.ts); kept apart
// from i18next so it can be tested on its own.

export type ServerStrings = Record<string, unknown>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The strings as patterns: "The code \"{{code}}\" is taken." matches that sentence with any code. */
export function serverPatterns(server: ServerStrings): [key: string, pattern: RegExp][] {
  return Object.entries(server).flatMap(([key, text]) =>
    typeof text === 'string'
      ? [[key, new RegExp(`^${escapeRegExp(text).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)')}$`, 's')] as [string, RegExp]]
      : [],
  );
}

/** The key of the first pattern the message matches, with the values of its {{variables}}. */
export function matchServerMessage(patterns: [string, RegExp][], message: string): { key: string; values: Record<string, string> } | undefined {
  for (const [key, pattern] of patterns) {
    const match = pattern.exec(message);
    if (match) return { key, values: { ...match.groups } };
  }
  return undefined;
}
