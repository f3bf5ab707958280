/** The site's own messages: marketing pages, media and the event stream. */
export const SITE_MESSAGES = {
  noSuchFile: 'No such file.',
} as const;
