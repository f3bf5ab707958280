/** The inbox, one conversation in it, and the way to start one with a user (their id). */
export const MESSAGES_PATH = '/dashboard/messages';
export const conversationPath = (id: string) => `${MESSAGES_PATH}/${id}`;
export const newConversationPath = (userId: string) => `${MESSAGES_PATH}?to=${encodeURIComponent(userId)}`;
export const REPORTED_PATH = '/admin/conversations';
export const reportedConversationPath = (id: string) => `${REPORTED_PATH}/${id}`;
