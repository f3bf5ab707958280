/** The category's fallback cover in /covers, for a product without its own image. */
export const fallbackCover = (category: string) => `/covers/${category.toLowerCase()}.svg`;
