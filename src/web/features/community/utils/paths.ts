/** A post's own page, and the absolute link that Share copies. */
export const postPath = (id: string) => `/dashboard/zerrijobs/posts/${id}`;
export const postShareUrl = (id: string) => `${window.location.origin}${postPath(id)}`;
export const COMMUNITY_TAB_PATH = '/dashboard/zerrijobs?tab=community';
