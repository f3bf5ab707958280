import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Role } from '#shared/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/auth.ts';
import { follows, postComments, postLikes, posts } from '../db/schema/community.ts';
import { orders } from '../db/schema/orders.ts';
import { reviews } from '../db/schema/products.ts';
import { sales } from '../db/schema/sales.ts';
import { jobs } from '../db/schema/jobs.ts';
import { shortLinks } from '../db/schema/links.ts';
import { products } from '../db/schema/products.ts';
import { userProfiles } from '../db/schema/profiles.ts';
import { prefixedId } from '../platform/ids.ts';
import type { ObjectStorage } from '../platform/storage/storage.ts';
import { platformFeeCents } from '#shared/sales.ts';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalog.ts';
import { freeProductSlug } from '../modules/products/slugs.ts';
import { postSaleToLedger } from '../modules/sales/queries.ts';
import { demoCoverSvg } from './demo-covers.ts';

export const DEMO_PASSWORD = 'zerri-demo-2026';

interface DemoUser {
  email: string;
  name: string;
  role: Role;
  slug: string;
  bio: string;
}

const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.zerri.test', name: 'Ada Admin', role: 'admin', slug: 'ada-admin', bio: 'Runs the platform.' },
  { email: 'hiring@demo.zerri.test', name: 'Northwind Studio', role: 'company', slug: 'northwind', bio: 'A remote design studio, hiring creators.' },
  { email: 'maya@demo.zerri.test', name: 'Maya Chen', role: 'creator', slug: 'maya-chen', bio: 'Illustrator and template designer.' },
  { email: 'leo@demo.zerri.test', name: 'Leo Martins', role: 'creator', slug: 'leo-martins', bio: 'Music producer and course author.' },
  { email: 'sam@demo.zerri.test', name: 'Sam Buyer', role: 'user', slug: 'sam-buyer', bio: 'Collects good templates.' },
];

/** Fills an empty database with demo accounts, products and links. Never in production; a database with users is left alone. */
export async function seedDemo(
  db: Db,
  config: Pick<Config, 'isProduction'>,
  log: (line: string) => void,
  storage?: ObjectStorage,
) {
  if (config.isProduction) throw new Error('Demo content is never seeded in production.');
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) {
    log('Demo content skipped: the database already has accounts.');
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      const id = randomUUID().replaceAll('-', '');
      ids.set(demo.slug, id);
      await tx.insert(users).values({ id, email: demo.email, name: demo.name, role: demo.role, emailVerified: true });
      await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      await tx
        .update(userProfiles)
        .set({ bio: demo.bio, storefrontSlug: demo.slug, isPublic: demo.role === 'creator' })
        .where(eq(userProfiles.id, id));
    }
  });
  if (storage) await seedProducts(db, storage, { maya: ids.get('maya-chen')!, leo: ids.get('leo-martins')! });
  if (storage) await seedSales(db, { sam: ids.get('sam-buyer')! });
  await db.insert(shortLinks).values([
    { shortCode: 'maya-kit', originalUrl: 'https://example.com/brand-kit', userId: ids.get('maya-chen')!, isCustom: true, clicks: 42 },
    { shortCode: 'leo-beats', originalUrl: 'https://example.com/lofi-beats', userId: ids.get('leo-martins')!, isCustom: true, clicks: 17 },
    { shortCode: 'Zr8dQ2', originalUrl: 'https://example.com/welcome', userId: null, isCustom: false },
  ]);
  await seedJobsAndPosts(db, { company: ids.get('northwind')!, maya: ids.get('maya-chen')!, leo: ids.get('leo-martins')!, sam: ids.get('sam-buyer')! });
  log(`Demo content added. Log in with any of these (password ${DEMO_PASSWORD}):`);
  for (const demo of DEMO_USERS) log(`  ${demo.role.padEnd(8)} ${demo.email}`);
  return true;
}

/** The demo catalogue: each product gets a generated cover and a small downloadable file. */
async function seedProducts(db: Db, storage: ObjectStorage, creators: Record<DemoProduct['creator'], string>) {
  for (const [index, demo] of DEMO_PRODUCTS.entries()) {
    const userId = creators[demo.creator];
    const base = `${userId}/${randomUUID()}`;
    const cover = await demoCover(demo);
    const file = Buffer.from(`${demo.name}\n\n${demo.description}\n\nThis is demo content from the seed.\n`);
    await storage.put('product-files', base, Readable.from([file]), { contentType: 'application/octet-stream' });
    await storage.put('product-images', `${base}_cover.webp`, Readable.from([cover.full]), { contentType: 'image/webp' });
    await storage.put('product-images', `${base}_cover_card.webp`, Readable.from([cover.card]), { contentType: 'image/webp' });
    const id = randomUUID();
    await db.insert(products).values({
      id,
      slug: await freeProductSlug(db, { id, userId, name: demo.name, category: demo.category }),
      userId,
      name: demo.name,
      description: demo.description,
      priceCents: demo.priceCents,
      category: demo.category,
      tags: demo.tags,
      fileKey: base,
      fileName: `${demo.name.replace(/[^\w]+/g, '-').toLowerCase()}.txt`,
      fileSize: file.length,
      coverKey: `${base}_cover.webp`,
      cardKey: `${base}_cover_card.webp`,
      views: (index * 37) % 250,
      createdAt: new Date(Date.now() - index * 36 * 60 * 60 * 1000),
    });
  }
}

/** Category art drawn by code (demo-covers.ts), as a full cover and a card-sized one. */
async function demoCover(demo: DemoProduct) {
  const author = DEMO_USERS.find((user) => user.email.startsWith(`${demo.creator}@`))!.name;
  const svg = demoCoverSvg({ name: demo.name, category: demo.category, colors: demo.colors, author });
  const { default: sharp } = await import('sharp');
  const image = sharp(Buffer.from(svg));
  const [full, card] = await Promise.all([
    image.clone().webp({ quality: 85 }).toBuffer(),
    image.clone().resize({ width: 480 }).webp({ quality: 80 }).toBuffer(),
  ]);
  return { full, card };
}

/** A few open jobs from the demo company, and a lively community feed. */
async function seedJobsAndPosts(db: Db, people: { company: string; maya: string; leo: string; sam: string }) {
  const hour = 60 * 60 * 1000;
  await db.insert(jobs).values([
    { id: prefixedId('job'), companyId: people.company, title: 'Freelance Illustrator', companyName: 'Northwind Studio', location: 'Remote', description: 'Cover art for a series of six eBooks, in a warm hand-drawn style.', skills: ['Illustration', 'Procreate'], employmentType: 'Freelance', salaryRange: '$2,000–3,000 per project' },
    { id: prefixedId('job'), companyId: people.company, title: 'Video Editor', companyName: 'Northwind Studio', location: 'Lisbon, Portugal', description: 'Edit short-form videos for our clients, four days a week.', skills: ['Premiere Pro', 'Motion graphics'], employmentType: 'Part-time', salaryRange: '€2,400 a month' },
    { id: prefixedId('job'), companyId: people.company, title: 'Marketing Intern', companyName: 'Northwind Studio', location: 'Remote (Europe)', description: 'Help plan launches and write newsletters for creators.', skills: ['Writing', 'Marketing'], employmentType: 'Internship' },
  ]);
  const feed = [
    { author: people.maya, content: 'Just released the Pastel Icon Pack — 240 icons, six palettes. Feedback welcome!', hoursAgo: 2 },
    { author: people.leo, content: 'Lo-fi Beats Vol. 1 is out. Made most of it on a rainy weekend.', hoursAgo: 5 },
    { author: people.sam, content: 'Which Notion template do you use for planning launches?', hoursAgo: 9 },
    { author: people.maya, content: 'Tip: export your covers at 1600 px wide; they look sharp on every screen.', hoursAgo: 26 },
  ];
  const created = [];
  for (const item of feed) {
    const [post] = await db
      .insert(posts)
      .values({ id: prefixedId('post'), authorId: item.author, content: item.content, createdAt: new Date(Date.now() - item.hoursAgo * hour) })
      .returning({ id: posts.id });
    created.push(post!.id);
  }
  await db.insert(postLikes).values([
    { postId: created[0]!, userId: people.leo },
    { postId: created[0]!, userId: people.sam },
    { postId: created[1]!, userId: people.maya },
  ]);
  await db.insert(postComments).values([{ postId: created[2]!, authorId: people.maya, text: 'I use my own Creator Planner, of course 😄' }]);
  await db.update(posts).set({ likeCount: 2 }).where(eq(posts.id, created[0]!));
  await db.update(posts).set({ likeCount: 1 }).where(eq(posts.id, created[1]!));
  await db.update(posts).set({ commentCount: 1 }).where(eq(posts.id, created[2]!));
  await db.insert(follows).values([
    { followerId: people.sam, followeeId: people.maya },
    { followerId: people.sam, followeeId: people.leo },
    { followerId: people.leo, followeeId: people.maya },
  ]);
}

/** Sales over the last three weeks (so the dashboards have figures) and a few reviews from Sam. */
async function seedSales(db: Db, people: { sam: string }) {
  const catalogue = await db.select({ id: products.id, name: products.name, priceCents: products.priceCents, userId: products.userId }).from(products);
  const buyers = ['sam@demo.zerri.test', 'jo.reader@example.com', 'kai.studio@example.com', 'noor.b@example.com'];
  const day = 24 * 60 * 60 * 1000;
  let count = 0;
  for (const [index, product] of catalogue.entries()) {
    const times = index % 4 === 0 ? 3 : index % 3 === 0 ? 1 : 0;
    for (let n = 0; n < times; n += 1) {
      const buyerEmail = buyers[(index + n) % buyers.length]!;
      const createdAt = new Date(Date.now() - ((index * 5 + n * 7) % 21) * day - n * 3_600_000);
      const orderId = prefixedId('ord', 24);
      const items = [{ productId: product.id, name: product.name, priceCents: product.priceCents, creatorId: product.userId }];
      await db.insert(orders).values({ id: orderId, kind: 'products', buyerEmail, buyerUserId: buyerEmail === buyers[0] ? people.sam : null, items, totalCents: product.priceCents, status: 'paid', provider: 'test', createdAt, paidAt: createdAt });
      const [sale] = await db.insert(sales).values({
        orderId,
        productId: product.id,
        productName: product.name,
        creatorId: product.userId,
        buyerEmail,
        buyerUserId: buyerEmail === buyers[0] ? people.sam : null,
        amountCents: product.priceCents,
        feeCents: platformFeeCents(product.priceCents, 100),
        createdAt,
      }).returning();
      await db.transaction((tx) => postSaleToLedger(tx, sale!));
      await db.update(products).set({ salesCount: sql`${products.salesCount} + 1` }).where(eq(products.id, product.id));
      count += 1;
    }
  }
  // Sam reviews what Sam bought.
  const bought = await db.selectDistinct({ productId: sales.productId }).from(sales).where(eq(sales.buyerUserId, people.sam));
  const notes = ['Exactly what I needed, well organised.', 'Good value; the examples helped a lot.', 'Nice quality, a few files could be larger.'];
  for (const [index, row] of bought.slice(0, 3).entries()) {
    const rating = 5 - (index % 2);
    await db.insert(reviews).values({ productId: row.productId!, userId: people.sam, rating, body: notes[index]! });
    await db
      .update(products)
      .set({ ratingTotal: sql`${products.ratingTotal} + ${rating}`, ratingCount: sql`${products.ratingCount} + 1` })
      .where(eq(products.id, row.productId!));
  }
  return count;
}
