/**
 * Direct messages (issue #22): one-to-one conversations between two users who have a reason to talk
 * (a sale between them, a job application between them, or following each other), live, with
 * unread counts, block and report. Only the two members read a conversation; an admin reads a
 * reported one.
 */

/** A message's text, at most. */
export const MESSAGE_TEXT_MAX = 4000;
/** A message may carry one image or one video, by the community posts' rules (POST_IMAGE_MAX_BYTES, POST_VIDEO_MAX_BYTES). */
export const MESSAGE_ATTACHMENT_KINDS = ['image', 'video'] as const;
export type MessageAttachmentKind = (typeof MESSAGE_ATTACHMENT_KINDS)[number];

/** A report's reason, at most. */
export const REPORT_REASON_MAX = 1000;
/** A thread shows its newest messages, at most. */
export const THREAD_PAGE_SIZE = 200;
/** The inbox lists the conversations with the newest messages, at most. */
export const CONVERSATIONS_PAGE_SIZE = 100;

/** Why two users may start a conversation (checked by the server; an existing one always continues). */
export const CONVERSATION_REASONS = ['purchase', 'application', 'mutual_follow'] as const;
export type ConversationReason = (typeof CONVERSATION_REASONS)[number];

export const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found.',
  userNotFound: 'User not found.',
  withSelf: 'You cannot message yourself.',
  notAllowed: 'You can message a creator you bought from, a company you applied to (or its applicant), or someone who follows you back.',
  blocked: 'This user does not accept your messages.',
  youBlocked: 'You blocked this user. Unblock them to write.',
  emptyMessage: 'Please write a message.',
  messageTooLong: `Please keep your message under ${MESSAGE_TEXT_MAX.toLocaleString('en-US')} characters.`,
  reportReasonTooLong: `Please keep the reason under ${REPORT_REASON_MAX.toLocaleString('en-US')} characters.`,
  reported: 'Thank you. An admin will read this conversation.',
  attachmentNotFound: 'Attachment not found.',
  imageOrVideo: 'Please attach an image or a video, not both.',
  invalidImage: 'Invalid File: Please select an image file.',
  invalidVideo: 'Invalid File: Please select a video file.',
  imageTooLarge: 'The image is larger than 5 MB.',
  videoTooLarge: 'The video is larger than 50 MB.',
  tooManyMessages: (seconds: number) => `You are sending messages too fast. Please wait ${seconds} seconds.`,
} as const;

/** The other member of a conversation of two. */
export function otherMember(members: readonly [string, string], userId: string): string {
  return members[0] === userId ? members[1] : members[0];
}
