// The rule lives in #shared/site.ts: the home page the server writes says the same words.
export { counterWords, EARLY_COMMUNITY } from '#shared/site.ts';
