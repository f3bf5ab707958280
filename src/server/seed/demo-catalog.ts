import type { Category } from '#shared/products.ts';

export interface DemoProduct {
  creator: 'maya' | 'leo';
  name: string;
  priceCents: number;
  category: Category;
  tags: string[];
  description: string;
  /** The two colours of its cover art (demo-covers.ts). */
  colors: [string, string];
}

/** 24 demo products across every category, for the two demo creators. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  { creator: 'maya', name: 'Pastel Icon Pack', priceCents: 1200, category: 'Graphics', tags: ['Design', 'Illustration'], description: '240 hand-drawn icons in SVG and PNG, in six pastel palettes.', colors: ['#f472b6', '#7c3aed'] },
  { creator: 'maya', name: 'Brand Identity Kit', priceCents: 4900, category: 'Templates', tags: ['Design', 'Business'], description: 'Logo grid, colour system and social templates for a new brand, ready for Figma.', colors: ['#7c3aed', '#2563eb'] },
  { creator: 'maya', name: 'Notion Creator Planner', priceCents: 1900, category: 'Templates', tags: ['Productivity', 'Business'], description: 'Plan content, launches and income in one Notion workspace.', colors: ['#0ea5e9', '#22c55e'] },
  { creator: 'maya', name: 'Watercolor Textures Vol. 1', priceCents: 900, category: 'Graphics', tags: ['Illustration', 'Design'], description: '60 high-resolution watercolor textures scanned from paper.', colors: ['#38bdf8', '#a78bfa'] },
  { creator: 'maya', name: 'Freelance Pricing Guide', priceCents: 1500, category: 'eBook', tags: ['Business', 'Finance', 'Writing'], description: 'How to price design work with confidence, with worked examples.', colors: ['#f59e0b', '#ef4444'] },
  { creator: 'maya', name: 'Illustration Masterclass', priceCents: 8900, category: 'Course', tags: ['Illustration', 'Design'], description: 'Twelve video lessons from sketch to finished piece.', colors: ['#ec4899', '#f59e0b'] },
  { creator: 'maya', name: 'Instagram Carousel Templates', priceCents: 2400, category: 'Templates', tags: ['Marketing', 'Design'], description: '50 editable carousel layouts that keep readers swiping.', colors: ['#f43f5e', '#8b5cf6'] },
  { creator: 'maya', name: 'Procreate Brush Set', priceCents: 1400, category: 'Software', tags: ['Illustration', 'Productivity'], description: '35 textured brushes for Procreate, with a quick-start guide.', colors: ['#14b8a6', '#6366f1'] },
  { creator: 'maya', name: 'Mockup Bundle', priceCents: 2900, category: 'ZIP', tags: ['Design', 'Marketing'], description: 'Device, print and packaging mockups as layered files in one archive.', colors: ['#64748b', '#7c3aed'] },
  { creator: 'maya', name: 'Time-lapse Drawing Pack', priceCents: 1900, category: 'Video', tags: ['Illustration', 'Video Editing'], description: 'Ten 4K time-lapse videos of full illustrations.', colors: ['#0f766e', '#a3e635'] },
  { creator: 'maya', name: 'Design Systems Handbook', priceCents: 2200, category: 'eBook', tags: ['Design', 'Development', 'Writing'], description: 'Build and maintain a design system a whole team will use.', colors: ['#4f46e5', '#06b6d4'] },
  { creator: 'maya', name: 'AI Prompt Library for Designers', priceCents: 1000, category: 'eBook', tags: ['AI', 'Design'], description: '300 tested prompts for moodboards, copy and concepts.', colors: ['#9333ea', '#f472b6'] },
  { creator: 'leo', name: 'Lo-fi Beats Vol. 1', priceCents: 1800, category: 'Audio', tags: ['Music Production'], description: '20 royalty-free lo-fi loops with stems, 80–90 BPM.', colors: ['#1e3a8a', '#7c3aed'] },
  { creator: 'leo', name: 'Cinematic Sound Effects', priceCents: 3400, category: 'Audio', tags: ['Music Production', 'Video Editing'], description: 'Risers, hits and ambiences for trailers and reels.', colors: ['#111827', '#dc2626'] },
  { creator: 'leo', name: 'Mixing Fundamentals Course', priceCents: 12900, category: 'Course', tags: ['Music Production'], description: 'Balance, EQ, compression and space, in eight modules.', colors: ['#0f172a', '#22d3ee'] },
  { creator: 'leo', name: 'Podcast Intro Pack', priceCents: 1100, category: 'Audio', tags: ['Music Production', 'Marketing'], description: 'Twelve short intros and outros in three moods.', colors: ['#b45309', '#fde047'] },
  { creator: 'leo', name: 'YouTube Editing Presets', priceCents: 2700, category: 'Software', tags: ['Video Editing', 'Productivity'], description: 'Colour and transition presets for Premiere Pro and DaVinci Resolve.', colors: ['#be123c', '#fb923c'] },
  { creator: 'leo', name: 'Studio Session B-roll', priceCents: 3900, category: 'Video', tags: ['Video Editing'], description: '40 clips of a working studio, 4K, for your edits.', colors: ['#334155', '#f97316'] },
  { creator: 'leo', name: 'Music Marketing Playbook', priceCents: 1700, category: 'eBook', tags: ['Marketing', 'Business', 'Writing'], description: 'Release plans and budgets that grow an audience.', colors: ['#065f46', '#34d399'] },
  { creator: 'leo', name: 'Synth Patch Library', priceCents: 2300, category: 'ZIP', tags: ['Music Production'], description: '150 patches for popular soft synths, in one archive.', colors: ['#312e81', '#c084fc'] },
  { creator: 'leo', name: 'Beat Making with AI', priceCents: 5900, category: 'Course', tags: ['AI', 'Music Production'], description: 'Use AI tools for ideas while keeping your own sound.', colors: ['#7c2d12', '#a855f7'] },
  { creator: 'leo', name: 'Release Checklist App', priceCents: 900, category: 'Software', tags: ['Productivity', 'Development'], description: 'A small desktop app that walks you through every release step.', colors: ['#1d4ed8', '#10b981'] },
  { creator: 'leo', name: 'Royalty Finance Sheet', priceCents: 1300, category: 'Templates', tags: ['Finance', 'Business'], description: 'Track streams, splits and payouts in one spreadsheet.', colors: ['#166534', '#84cc16'] },
  { creator: 'leo', name: 'Stage Visuals Loop Pack', priceCents: 4400, category: 'Video', tags: ['Video Editing', 'Design'], description: '30 seamless VJ loops for live shows.', colors: ['#581c87', '#22d3ee'] },
];
