// The community's notifications (issue #22): a comment or a like on your post, a new follower, a
// mention as @slug in a post or comment. Each is written, and announced after the write, here.
import { inArray } from 'drizzle-orm';
import { mentionedSlugs } from '#shared/community.ts';
import { userProfiles } from '../../db/schema/profiles.ts';
import type { AppContext } from '../../platform/context.ts';
import { announceNotifications, notify } from '../notifications/service.ts';

type Actor = { id: string; name: string };

const postLink = (postId: string) => `/dashboard/zerrijobs/posts/${postId}`;

/** Someone else liked the post: told once per liker and post, so like, unlike, like again is one notification. */
export async function tellOfLike(ctx: AppContext, post: { id: string; authorId: string }, actor: Actor) {
  if (post.authorId === actor.id) return;
  const added = await notify(ctx, ctx.database.db, post.authorId, 'like', { actorName: actor.name, link: postLink(post.id) }, { once: `like:${post.id}:${actor.id}` });
  if (added) await announceNotifications(ctx, post.authorId);
}

export async function tellOfComment(ctx: AppContext, post: { id: string; authorId: string }, commentId: number, actor: Actor, text: string) {
  const told = new Set<string>([actor.id]);
  if (post.authorId !== actor.id) {
    await notify(ctx, ctx.database.db, post.authorId, 'comment', { actorName: actor.name, link: postLink(post.id) }, { once: `comment:${commentId}` });
    told.add(post.authorId);
    await announceNotifications(ctx, post.authorId);
  }
  // The post's author already hears of the comment: a mention of them in it adds nothing.
  await tellOfMentions(ctx, text, actor, postLink(post.id), `comment:${commentId}`, told);
}

/** Someone new follows the user: told once per follower (following again adds nothing). */
export async function tellOfFollow(ctx: AppContext, followeeId: string, actor: Actor) {
  const added = await notify(ctx, ctx.database.db, followeeId, 'follow', { actorName: actor.name, link: '/dashboard/zerrijobs?tab=community' }, { once: `follow:${actor.id}` });
  if (added) await announceNotifications(ctx, followeeId);
}

/** Every existing user mentioned as @slug in the text, but its writer and those in `skip`, once per text. */
export async function tellOfMentions(ctx: AppContext, text: string, actor: Actor, link: string, source: string, skip: Set<string> = new Set([actor.id])) {
  const slugs = mentionedSlugs(text);
  if (slugs.length === 0) return;
  const mentioned = await ctx.database.db.select({ id: userProfiles.id }).from(userProfiles).where(inArray(userProfiles.storefrontSlug, slugs));
  for (const { id } of mentioned) {
    if (skip.has(id) || id === actor.id) continue;
    if (await notify(ctx, ctx.database.db, id, 'mention', { actorName: actor.name, link }, { once: `mention:${source}` })) await announceNotifications(ctx, id);
  }
}
