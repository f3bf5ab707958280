import { dictionary } from '@zxcvbn-ts/language-common';

// The list is ranked by frequency; the first 20,000 cover the passwords attackers try first.
const COMMON = new Set(dictionary['passwords-common'].slice(0, 20_000).map((word) => word.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
