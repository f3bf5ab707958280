import type { ReactElement, SVGProps } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork } from '#shared/site.ts';
import { SOCIAL_GLYPHS } from '#shared/site-social-glyphs.ts';

/** Brand glyphs drawn inline, from the markup the server's pages draw too (#shared/site-social-glyphs.ts). */
type IconProps = SVGProps<SVGSVGElement>;

function glyph(network: SocialNetwork) {
  const { stroked, inner } = SOCIAL_GLYPHS[network];
  const attributes = stroked
    ? { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' }
    : { viewBox: '0 0 24 24', fill: 'currentColor' };
  // Fixed markup of this file's own, never a user's.
  return (props: IconProps) => <svg aria-hidden {...(attributes as SVGProps<SVGSVGElement>)} {...props} dangerouslySetInnerHTML={{ __html: inner }} />;
}

export const FacebookIcon = glyph('facebook');
export const LinkedinIcon = glyph('linkedin');
export const InstagramIcon = glyph('instagram');
export const XIcon = glyph('x');

/** The networks of the footer and the contact page (#shared/site.ts), each with its name and glyph; the addresses are the operator's. */
export const SOCIAL_NETWORK_LOOKS = {
  facebook: { label: SOCIAL_GLYPHS.facebook.label, Icon: FacebookIcon },
  x: { label: SOCIAL_GLYPHS.x.label, Icon: XIcon },
  linkedin: { label: SOCIAL_GLYPHS.linkedin.label, Icon: LinkedinIcon },
  instagram: { label: SOCIAL_GLYPHS.instagram.label, Icon: InstagramIcon },
} as const satisfies Record<SocialNetwork, { label: string; Icon: (props: IconProps) => ReactElement }>;

/** The operator's social links (Admin › Settings › Public site) that are set, in the networks' order. */
export function socialLinksOf(links: Record<SocialNetwork, string | null> | undefined) {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const href = links?.[network];
    return href ? [{ network, href, ...SOCIAL_NETWORK_LOOKS[network] }] : [];
  });
}
