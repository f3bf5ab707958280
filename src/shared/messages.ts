// The messages a user reads are the entries of the features' *_MESSAGES tables; an entry's key is its
// code (decision 016). The web translates a message by that code, never by its English words.

/** A feature's messages: plain texts, and functions for those built from values. */
export type MessageTable = { readonly [key: string]: string | ((...args: never[]) => string) };

/** The values in a message's words, for its translations' {{placeholders}}. */
export type MessageParams = Record<string, string | number>;

/** A message with its code and the values in its words. */
export interface CodedMessage {
  code: string;
  message: string;
  params?: MessageParams;
}

/**
 * A plain message of these tables with its code: the key whose entry it is (the tables a check takes
 * its messages from, so the entry is the very text the check gave) and the fixed values it is written
 * with (`{ nameTooLong: { max: 80 } }`); undefined for a text that is none of their entries.
 */
export function codedMessage(
  message: string,
  tables: MessageTable | readonly MessageTable[],
  fixedParams: { readonly [code: string]: MessageParams } = {},
): CodedMessage | undefined {
  for (const table of Array.isArray(tables) ? (tables as readonly MessageTable[]) : [tables as MessageTable]) {
    for (const code of Object.keys(table)) {
      if (table[code] === message) return { code, message, ...(fixedParams[code] ? { params: fixedParams[code] } : {}) };
    }
  }
  return undefined;
}

/** The keys of a table's plain messages. */
export type PlainKey<T extends MessageTable> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** A table's plain message with its code, by key: `coded(DESIGN_MESSAGES, 'readFailed')`. */
export function coded<T extends MessageTable>(table: T, code: PlainKey<T>, params?: MessageParams): CodedMessage {
  return { code, message: table[code] as string, ...(params ? { params } : {}) };
}
