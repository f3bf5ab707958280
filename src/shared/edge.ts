// Messages any route may answer, beside its feature's own: the checks every request passes before its
// route (src/server/platform/security.ts, multipart.ts) and the mail throttle (mail-throttle.ts).
// The web translates them by code (common namespace, `errors`).

export const EDGE_MESSAGES = {
  invalidPath: 'The address of this request is not valid.',
  controlCharacters: 'The request contains characters that are not allowed.',
  tooDeep: 'The request body is nested too deeply.',
} as const;

const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

/** Codes: mail_rate_limited (to one address), mail_sender_rate_limited (from one account or network). */
export const MAIL_THROTTLE_MESSAGES = {
  recipient: (minutes: number) => `Too many e-mails were sent to this address. Please wait ${minutesText(minutes)} and try again.`,
  sender: (minutes: number) => `Too many e-mails were sent from your account or network. Please wait ${minutesText(minutes)} and try again.`,
} as const;
