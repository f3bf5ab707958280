/**
 * "Write with AI" in the product form: the requests, the line-based format the provider is asked to
 * write a draft in, and its parser (run on every piece of the stream, so the form fills as it arrives).
 */
import { type Category, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, TAG_MAX_LENGTH, TAGS_MAX } from './products.ts';

/** The creator's few words. */
export const PRODUCT_BRIEF_MAX = 500;

/** The languages a description can be translated into, with their English names (for the provider). */
export const TRANSLATION_LANGUAGES = { es: 'Spanish', fr: 'French' } as const;
export type TranslationLanguage = keyof typeof TRANSLATION_LANGUAGES;
export const TRANSLATION_LANGUAGE_CODES = Object.keys(TRANSLATION_LANGUAGES) as [TranslationLanguage, ...TranslationLanguage[]];

export const AI_DRAFT_MESSAGES = {
  briefRequired: 'Describe your product in a few words first.',
  briefTooLong: `Please keep the description of your product under ${PRODUCT_BRIEF_MAX} characters.`,
  textRequired: 'Write a description to translate first.',
  textTooLong: `The description to translate must be at most ${PRODUCT_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
} as const;
export const AI_DRAFT_MESSAGE_PARAMS = {
  briefTooLong: { max: PRODUCT_BRIEF_MAX },
  textTooLong: { max: PRODUCT_DESCRIPTION_MAX.toLocaleString('en-US') },
} as const;

/** The instructions of a draft: the format parseProductDraft reads, with the form's limits. */
export function productDraftInstructions(category?: Category): string {
  return [
    'You write the product page of a digital product sold by an independent creator, from the few words they give you.',
    'Answer in exactly this format and nothing else:',
    'TITLE: <a short, specific product name>',
    'TAGS: <3 to 6 short tags, separated by commas>',
    'DESCRIPTION:',
    '<a persuasive description of 80 to 150 words: what the buyer gets, who it is for, and why it helps>',
    `The title is at most ${PRODUCT_NAME_MAX} characters, each tag at most ${TAG_MAX_LENGTH} characters, the description at most ${PRODUCT_DESCRIPTION_MAX} characters.`,
    ...(category ? [`The product's category is ${category}.`] : []),
    'Write in the language of the creator’s words.',
  ].join('\n');
}

/** The instructions of a translation into one of TRANSLATION_LANGUAGES. */
export function translationInstructions(to: TranslationLanguage): string {
  return [
    `Translate the product description the user sends into ${TRANSLATION_LANGUAGES[to]}.`,
    'Keep its meaning, tone, line breaks and formatting. Answer with the translation only, without notes.',
  ].join('\n');
}

export interface ProductDraft {
  title: string;
  description: string;
  tags: string[];
}

const HEADER = /^[\s>*#_-]*(TITLE|TAGS|DESCRIPTION)[\s*_]*:[\s*_]*(.*)$/i;

/** Strips the decoration a model may put around a one-line value: quotes, Markdown emphasis. */
function cleanLine(value: string): string {
  return value
    .trim()
    .replace(/^[*_"'“”«»`]+|[*_"'“”«»`]+$/g, '')
    .trim();
}

/** The longest prefix of `text` within `max` characters, cut at a word when one is near. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd();
}

/**
 * The draft a provider wrote so far, in the form's limits. `complete` says the stream ended: until
 * then a title or tag line without its line break may still grow, so the last tag of an unfinished
 * TAGS line is left out (it may be half a word). Text before the first header is ignored; an answer
 * with no header at all becomes the description once complete.
 */
export function parseProductDraft(text: string, { complete = false } = {}): ProductDraft {
  const lines = text.replaceAll('\r\n', '\n').split('\n');
  const draft: ProductDraft = { title: '', description: '', tags: [] };
  let section: 'title' | 'tags' | 'description' | undefined;
  const description: string[] = [];
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const finished = complete || index < lines.length - 1;
    const header = HEADER.exec(line);
    const name = header?.[1]!.toLowerCase() as 'title' | 'tags' | 'description' | undefined;
    // Each header counts once: a later "Tags:" line inside the description is part of it.
    if (header && name && !seen.has(name)) {
      seen.add(name);
      section = name;
      const value = header[2] ?? '';
      if (section === 'title') draft.title = clip(cleanLine(value), PRODUCT_NAME_MAX);
      else if (section === 'tags') draft.tags = draftTags(value, finished);
      else if (value.trim()) description.push(value);
      continue;
    }
    if (section === 'description') description.push(line);
    // A title or tags line that wrapped is not followed: the next lines before a header are ignored.
  }
  if (seen.size === 0) return complete ? { title: '', tags: [], description: clip(text.trim(), PRODUCT_DESCRIPTION_MAX) } : draft;
  draft.description = clip(description.join('\n').trim(), PRODUCT_DESCRIPTION_MAX);
  return draft;
}

/** The tags of a TAGS line, without '#', repeats and tags over the length limit. */
function draftTags(value: string, finished: boolean): string[] {
  const parts = value.split(',');
  if (!finished) parts.pop();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = cleanLine(part).replace(/^#+/, '').trim();
    if (!tag || tag.length > TAG_MAX_LENGTH || tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
    tags.push(tag);
  }
  return tags.slice(0, TAGS_MAX);
}
