/**
 * Team users (issue #24, decision 023): an owner on a plan with team seats invites people by e-mail;
 * a member signs in with their own account and works on the owner's store. A request acts for a store
 * by sending its owner's id in the ACCOUNT_HEADER, and only on the routes of TEAM_ROUTES (teams-routes.ts).
 */
import { z } from 'zod';

/** Days an invitation can be accepted. */
export const TEAM_INVITE_DAYS = 7;

export const TEAM_MESSAGES = {
  planRequired: 'Team users are part of the Business plan.',
  seatsFull: (seats: number) => `Your plan has ${seats} team seats, and they are all taken. Remove a member or revoke an invitation first.`,
  emailRequired: 'Please enter an e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
  cannotInviteSelf: 'You cannot invite yourself.',
  alreadyMember: 'This person is already on your team.',
  alreadyInvited: 'This e-mail address already has a pending invitation.',
  inviteNotFound: 'That invitation was not found.',
  memberNotFound: 'That team member was not found.',
  inviteInvalid: 'This invitation link is not valid any more. Ask the store owner for a new one.',
  inviteOtherEmail: (email: string) => `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  notMember: 'You are not a member of this store’s team.',
  routeNotAllowed: 'Team members cannot do this on the owner’s store.',
  apiKeyNotAllowed: 'API keys act only for their own account.',
} as const;

export const inviteSchema = z.object({
  email: z.string().trim().min(1, TEAM_MESSAGES.emailRequired).max(254, TEAM_MESSAGES.emailInvalid).pipe(z.email(TEAM_MESSAGES.emailInvalid)),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const acceptInviteSchema = z.object({ token: z.string().min(20).max(200) });
