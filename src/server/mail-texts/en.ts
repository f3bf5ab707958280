import type { MailTexts } from './index.ts';

export const en: MailTexts = {
  verification: {
    subject: (brand) => `Confirm your ${brand} account`,
    text: ({ brand, name, url }) => `Welcome to ${brand}, ${name}!\n\nConfirm your e-mail address by opening this link:\n${url}\n`,
  },
  passwordReset: {
    subject: (brand) => `Reset your ${brand} password`,
    text: ({ name, url }) =>
      `Hello ${name},\n\nOpen this link to choose a new password (valid for one hour):\n${url}\n\nIf you did not ask for this, ignore this e-mail.`,
  },
  libraryLink: {
    subject: (brand) => `Your ${brand} library: sign in`,
    text: ({ brand, url, minutes }) =>
      `You asked to keep your purchases in a ${brand} library. Open this link to sign in (no password needed; a new account is made for this address if it has none):\n${url}\n\nThe link works once, for ${minutes} minutes. If you did not ask for this, ignore this e-mail.`,
  },
  signInLocked: {
    subject: (brand) => `Sign-ins to your ${brand} account are paused`,
    text: ({ name, brand, failures, minutes, resetUrl }) =>
      [
        `Hello ${name},`,
        `Someone entered a wrong password for your ${brand} account ${failures} times, so sign-ins are paused for ${minutes} minutes.`,
        `If this was you, wait and try again. If it was not, choose a new password: ${resetUrl}`,
      ].join('\n\n'),
  },
  receipt: {
    subject: (sellers) => `Your purchase from ${sellers}`,
    thanks: 'Thank you for your purchase!',
    order: ({ orderId, total }) => `Order ${orderId} · Total ${total}`,
    tax: ({ amount, country }) => `Including tax (${country}): ${amount}`,
    notDelivered: 'This product is no longer available, so it was not delivered and its price was refunded to you.',
    download: (url) => `Download: ${url}`,
    giftSent: (email) => `Sent as a gift to ${email}.`,
    licenseKey: (key) => `License key: ${key}`,
    discount: ({ code, amount }) => `Discount code ${code}: ${amount} off`,
    confirmAudience: ({ store, url }) => `This was free, so ${store} will not e-mail you unless you ask. To get their updates by e-mail, confirm here: ${url}`,
    page: (url) => `Your receipt, with your downloads and license keys, is here at any time: ${url}`,
    footer: (libraryUrl) => `Sign in at ${libraryUrl} with this e-mail address to find all your purchases in one place.`,
  },
  receiptResend: {
    subject: (brand) => `Your receipts on ${brand}`,
    intro: 'You asked for your receipts. Each link opens one, with its downloads and license keys:',
    line: ({ orderId, date, total, url }) => `Order ${orderId} · ${date} · ${total}\n${url}`,
    footer: 'If you did not ask for this, you can ignore this e-mail: the links only open receipts.',
  },
  gift: {
    subject: (brand) => `You received a gift on ${brand}`,
    intro: (buyerEmail) => `${buyerEmail} sent you a gift!`,
    footer: ({ pageUrl, libraryUrl }) =>
      `Your gift's page, with its downloads at any time (keep this e-mail):\n${pageUrl}\n\nOr sign in at ${libraryUrl} with this e-mail address to find it in your library.`,
  },
  refund: {
    subject: (brand) => `Your ${brand} purchase was refunded`,
    text: ({ product, amount }) => `Your purchase of ${product} (${amount}) was refunded. Its download is no longer available.`,
    partialSubject: (brand) => `Your ${brand} purchase was partly refunded`,
    partial: ({ product, amount, total }) => `${amount} of your purchase of ${product} (${total}) was refunded to you. You can still download it.`,
    rest: ({ product, amount, total }) => `The remaining ${amount} of your purchase of ${product} (${total}) was refunded to you, so all of it is refunded. Its download is no longer available.`,
  },
  invoice: {
    subject: ({ id, brand, total }) => `Invoice ${id} on ${brand} (${total})`,
    greeting: (clientName) => `Hello ${clientName},`,
    sent: ({ creator, brand }) => `${creator} sent you an invoice on ${brand}.`,
    line: ({ name, quantity, unitPrice }) => `- ${name}: ${quantity} × ${unitPrice}`,
    total: (amount) => `Total: ${amount}`,
    paid: 'This invoice has been paid. Thank you!',
    cancelled: 'This invoice has been cancelled.',
    payBy: ({ date, link }) => `Pay it online by ${date}:\n${link}`,
    questions: ({ creator, email }) => `Questions? Reply to ${creator} at ${email}.`,
  },
  contact: {
    subject: (brand) => `A question about your product on ${brand}`,
    text: ({ name, email, product, brand, url, message }) =>
      `${name} (${email}) wrote to you about ${product} on ${brand} (${url}):\n\n${message}\n\nReply to this e-mail to answer them.`,
  },
  webhookDisabled: {
    subject: (brand) => `A webhook endpoint on ${brand} was switched off`,
    text: ({ name, url, brand, settingsUrl }) =>
      `Hello ${name},\n\nEvery delivery to ${url} has failed for days, so ${brand} stopped sending to it.\nFix the endpoint, then switch it on again in Settings → Webhooks: ${settingsUrl}\n`,
  },
  notification: {
    subject: (brand) => `New activity on your ${brand} account`,
    line: {
      sale: ({ amount, product }) => `New sale: ${product} for ${amount}`,
      refund: ({ amount, product }) => `Your purchase of ${product} was refunded (${amount})`,
      review: ({ actor, product }) => `New review of ${product} by ${actor}`,
      comment: ({ actor }) => `${actor} commented on your post`,
      like: ({ actor }) => `${actor} liked your post`,
      follow: ({ actor }) => `${actor} followed you`,
      application: ({ actor, title }) => `New application to ${title} from ${actor}`,
      application_viewed: ({ title }) => `Your application to ${title} was viewed`,
      payout_paid: ({ amount }) => `Payout of ${amount} paid`,
      payout_failed: ({ amount }) => `Payout of ${amount} failed`,
      invoice_paid: ({ amount, title }) => `Invoice ${title} paid: ${amount}`,
      mention: ({ actor }) => `${actor} mentioned you`,
      commission: ({ amount, product }) => `You earned ${amount} commission on a sale of ${product}`,
    },
    footer: ({ url, settingsUrl }) => `See it on ${url}\n\nYou can turn off these e-mails in Settings: ${settingsUrl}`,
    digestIntro: ({ count }) => (count === 1 ? 'Your unread notification of the last day:' : `Your ${count} unread notifications of the last day:`),
    digestFooter: ({ url, settingsUrl }) => `See them all on ${url}\n\nYou get one e-mail a day; choose one per notification, or none, in Settings: ${settingsUrl}`,
  },
  audience: {
    subject: (brand) => `A new update from a creator on ${brand}`,
    from: ({ store }) => `From ${store}:`,
    testNote: 'This is a test: only you received it.',
    footer: ({ store, brand, url }) => `You receive this because you bought from, follow or subscribed to ${store} on ${brand}.\nUnsubscribe: ${url}`,
    unsubscribe: 'Unsubscribe',
    page: {
      title: 'Unsubscribe',
      question: ({ email }) => `Stop e-mails from this creator to ${email}?`,
      button: 'Unsubscribe',
      done: 'You are unsubscribed: this creator will not e-mail you again.',
      confirmed: 'Thanks! You will get this creator’s updates by e-mail.',
      invalid: 'This link is not valid.',
    },
    buyerPage: {
      title: 'Get updates',
      question: ({ store, email }) => `Get ${store}’s updates by e-mail at ${email}?`,
      button: 'Yes, send me updates',
    },
    confirmSubject: (brand) => `Confirm your sign-up on ${brand}`,
    confirm: ({ store, url, brand }) => `Someone (hopefully you) asked to get updates from ${store} on ${brand}.\n\nConfirm here: ${url}\n\nIf it was not you, ignore this mail: you will get nothing more.`,
  },
  checkoutReminder: {
    subject: (brand) => `You did not finish your purchase on ${brand}`,
    intro: ({ store, brand }) => `You started a purchase from ${store} on ${brand} and did not finish it. Here is what you chose:`,
    finish: (url) => `Finish your purchase: ${url}`,
    why: ({ store }) => `You get this e-mail because you gave this address at checkout and did not pay. ${store} sends one reminder for each checkout: you will not get another one for this one.`,
    unsubscribe: ({ store, url }) => `No more e-mails from ${store}: ${url}`,
  },
  teamInvite: {
    subject: (brand) => `You are invited to a team on ${brand}`,
    text: ({ owner, brand, url, days }) =>
      `${owner} invited you to work on their store on ${brand}: products, links, invoices and sales.\n\nSign in (or create an account) with this e-mail address, then accept here: ${url}\n\nThe invitation is valid for ${days} days. If you do not know ${owner}, ignore this mail.`,
  },
  membership: {
    paymentFailedSubject: (brand) => `Your ${brand} membership payment failed`,
    paymentFailed: ({ product, amount, date, url }) =>
      `We could not charge ${amount} for your membership of ${product}.\n\nYou keep access until ${date}; after that your membership ends unless a payment goes through.\n\nYour memberships: ${url}`,
    endedSubject: (brand) => `Your ${brand} membership has ended`,
    ended: ({ product, url }) => `Your membership of ${product} has ended because its payment did not go through.\n\nYou can join again from your library: ${url}`,
  },
  plan: {
    paymentFailedSubject: (brand) => `Your ${brand} plan payment failed`,
    paymentFailed: ({ plan, amount, date, url }) =>
      `We could not charge ${amount} for your ${plan} plan.\n\nYou keep ${plan} until ${date}; after that your account goes back to the Free plan.\n\nPlan & Billing: ${url}`,
    endedSubject: (brand) => `Your ${brand} account is back on the Free plan`,
    ended: ({ plan, url }) => `Your ${plan} plan has ended because its payment did not go through, and your account is on the Free plan.\n\nYou can upgrade again in Plan & Billing: ${url}`,
  },
};
