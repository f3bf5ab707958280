import { createHash } from 'node:crypto';
import { avatarInitial } from '#shared/profiles.ts';

const PALETTE = ['#7c3aed', '#2563eb', '#0891b2', '#059669', '#d97706', '#dc2626', '#db2777', '#4f46e5'];

/** A generated avatar: the initial on a colour derived from the seed. */
export function avatarSvg(seed: string, name: string | undefined, email: string): string {
  const hash = createHash('sha256').update(seed).digest();
  const color = PALETTE[hash[0]! % PALETTE.length];
  const initial = escapeXml(avatarInitial(name, email));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" fill="${color}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="64" font-weight="600" fill="#fff">${initial}</text></svg>`;
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
