/** `%text%` for ILIKE, the text's own `%`, `_` and `\` taken literally: a search for the text anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
