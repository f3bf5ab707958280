import type { SocialNetwork } from './site.ts';

/**
 * The social networks' brand glyphs (lucide no longer ships brand icons; no external images are
 * allowed), as SVG markup: drawn by the app (components/social-icons.tsx) and by the server's pages
 * (platform/server-page.ts), so both footers show the same marks.
 */
export const SOCIAL_GLYPHS: Record<SocialNetwork, { label: string; stroked: boolean; inner: string }> = {
  facebook: {
    label: 'Facebook',
    stroked: false,
    inner: '<path d="M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.2C16.7 2.1 15.6 2 14.4 2 11.8 2 10 3.6 10 6.5v2H7.3v3.7H10V22h4v-9.8h2.8l.4-3.7H14Z"/>',
  },
  x: {
    label: 'X (Twitter)',
    stroked: false,
    inner: '<path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.72H5.57L16.67 19.2Z"/>',
  },
  linkedin: {
    label: 'LinkedIn',
    stroked: false,
    inner:
      '<path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.55h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.98c0-1.19-.02-2.72-1.66-2.72-1.66 0-1.92 1.3-1.92 2.63V21h-4V9.75Z"/>',
  },
  instagram: {
    label: 'Instagram',
    stroked: true,
    inner: '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><circle cx="17.5" cy="6.5" r="0.5" fill="currentColor"/>',
  },
};
