import type { ReactElement, SVGProps } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork } from '#shared/site.ts';

/** Brand glyphs drawn inline (lucide no longer ships brand icons; no external images are allowed). */
type IconProps = SVGProps<SVGSVGElement>;

const base = { viewBox: '0 0 24 24', fill: 'currentColor', 'aria-hidden': true } as const;

export const FacebookIcon = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.2C16.7 2.1 15.6 2 14.4 2 11.8 2 10 3.6 10 6.5v2H7.3v3.7H10V22h4v-9.8h2.8l.4-3.7H14Z" />
  </svg>
);

export const LinkedinIcon = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.55h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.98c0-1.19-.02-2.72-1.66-2.72-1.66 0-1.92 1.3-1.92 2.63V21h-4V9.75Z" />
  </svg>
);

export const InstagramIcon = (props: IconProps) => (
  <svg {...base} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" {...props}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
  </svg>
);

export const XIcon = (props: IconProps) => (
  <svg {...base} {...props}>
    <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.72H5.57L16.67 19.2Z" />
  </svg>
);

/** The networks of the footer and the contact page (#shared/site.ts), each with its name and glyph; the addresses are the operator's. */
export const SOCIAL_NETWORK_LOOKS = {
  facebook: { label: 'Facebook', Icon: FacebookIcon },
  x: { label: 'X (Twitter)', Icon: XIcon },
  linkedin: { label: 'LinkedIn', Icon: LinkedinIcon },
  instagram: { label: 'Instagram', Icon: InstagramIcon },
} as const satisfies Record<SocialNetwork, { label: string; Icon: (props: IconProps) => ReactElement }>;

/** The operator's social links (Admin › Settings › Public site) that are set, in the networks' order. */
export function socialLinksOf(links: Record<SocialNetwork, string | null> | undefined) {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = links?.[network];
    return href ? [{ network, href, ...SOCIAL_NETWORK_LOOKS[network] }] : [];
  });
}
