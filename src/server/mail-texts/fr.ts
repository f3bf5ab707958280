import type { MailTexts } from './index.ts';

export const fr: MailTexts = {
  verification: {
    subject: (brand) => `Confirmez votre compte ${brand}`,
    text: ({ brand, name, url }) => `Bienvenue sur ${brand}, ${name} !\n\nConfirmez votre adresse e-mail en ouvrant ce lien :\n${url}\n`,
  },
  passwordReset: {
    subject: (brand) => `Réinitialisez votre mot de passe ${brand}`,
    text: ({ name, url }) =>
      `Bonjour ${name},\n\nOuvrez ce lien pour choisir un nouveau mot de passe (valable une heure) :\n${url}\n\nSi vous n’avez rien demandé, ignorez cet e-mail.`,
  },
  libraryLink: {
    subject: (brand) => `Votre bibliothèque ${brand} : connexion`,
    text: ({ brand, url, minutes }) =>
      `Vous avez demandé à garder vos achats dans une bibliothèque ${brand}. Ouvrez ce lien pour vous connecter (sans mot de passe ; un compte est créé pour cette adresse si elle n’en a pas) :\n${url}\n\nLe lien sert une fois, pendant ${minutes} minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.`,
  },
  signInLocked: {
    subject: (brand) => `Les connexions à votre compte ${brand} sont suspendues`,
    text: ({ name, brand, failures, minutes, resetUrl }) =>
      [
        `Bonjour ${name},`,
        `Quelqu’un a saisi ${failures} fois un mauvais mot de passe pour votre compte ${brand} : les connexions sont donc suspendues pendant ${minutes} minutes.`,
        `Si c’était vous, patientez puis réessayez. Sinon, choisissez un nouveau mot de passe : ${resetUrl}`,
      ].join('\n\n'),
  },
  receipt: {
    subject: (sellers) => `Votre achat chez ${sellers}`,
    thanks: 'Merci pour votre achat !',
    order: ({ orderId, total }) => `Commande ${orderId} · Total ${total}`,
    tax: ({ amount, country }) => `Dont taxes (${country}) : ${amount}`,
    notDelivered: 'Ce produit n’est plus disponible : il n’a donc pas été livré et son prix vous a été remboursé.',
    download: (url) => `Téléchargement : ${url}`,
    giftSent: (email) => `Envoyé en cadeau à ${email}.`,
    licenseKey: (key) => `Clé de licence : ${key}`,
    discount: ({ code, amount }) => `Code promo ${code} : ${amount} de réduction`,
    confirmAudience: ({ store, url }) => `C’était gratuit : ${store} ne vous écrira donc pas sans votre accord. Pour recevoir ses nouveautés par e-mail, confirmez ici : ${url}`,
    page: (url) => `Votre reçu, avec vos téléchargements et clés de licence, est ici à tout moment : ${url}`,
    footer: (libraryUrl) => `Connectez-vous sur ${libraryUrl} avec cette adresse e-mail pour retrouver tous vos achats au même endroit.`,
  },
  receiptResend: {
    subject: (brand) => `Vos reçus ${brand}`,
    intro: 'Vous avez demandé vos reçus. Chaque lien en ouvre un, avec ses téléchargements et clés de licence :',
    line: ({ orderId, date, total, url }) => `Commande ${orderId} · ${date} · ${total}\n${url}`,
    footer: 'Si vous ne l’avez pas demandé, ignorez cet e-mail : les liens n’ouvrent que des reçus.',
  },
  gift: {
    subject: (brand) => `Vous avez reçu un cadeau sur ${brand}`,
    intro: (buyerEmail) => `${buyerEmail} vous a offert un cadeau !`,
    footer: ({ pageUrl, libraryUrl }) =>
      `La page de votre cadeau, avec ses téléchargements à tout moment (gardez cet e-mail) :\n${pageUrl}\n\nOu connectez-vous sur ${libraryUrl} avec cette adresse e-mail pour le retrouver dans votre bibliothèque.`,
  },
  refund: {
    subject: (brand) => `Votre achat sur ${brand} a été remboursé`,
    text: ({ product, amount }) => `Votre achat de ${product} (${amount}) a été remboursé. Son téléchargement n’est plus disponible.`,
    partialSubject: (brand) => `Votre achat sur ${brand} a été remboursé en partie`,
    partial: ({ product, amount, total }) => `Un remboursement de ${amount} a été effectué sur votre achat de ${product} (${total}). Vous pouvez toujours le télécharger.`,
    rest: ({ product, amount, total }) => `Le reste de votre achat de ${product} (${total}), soit ${amount}, vous a été remboursé : il est désormais remboursé en totalité. Son téléchargement n’est plus disponible.`,
  },
  invoice: {
    subject: ({ id, brand, total }) => `Facture ${id} sur ${brand} (${total})`,
    greeting: (clientName) => `Bonjour ${clientName},`,
    sent: ({ creator, brand }) => `${creator} vous a envoyé une facture sur ${brand}.`,
    line: ({ name, quantity, unitPrice }) => `- ${name} : ${quantity} × ${unitPrice}`,
    total: (amount) => `Total : ${amount}`,
    paid: 'Cette facture a été payée. Merci !',
    cancelled: 'Cette facture a été annulée.',
    payBy: ({ date, link }) => `Réglez-la en ligne avant le ${date} :\n${link}`,
    questions: ({ creator, email }) => `Des questions ? Écrivez à ${creator} à l’adresse ${email}.`,
  },
  contact: {
    subject: (brand) => `Une question sur votre produit sur ${brand}`,
    text: ({ name, email, product, brand, url, message }) =>
      `${name} (${email}) vous a écrit au sujet de ${product} sur ${brand} (${url}) :\n\n${message}\n\nRépondez à cet e-mail pour lui répondre.`,
  },
  webhookDisabled: {
    subject: (brand) => `Un endpoint de webhook a été désactivé sur ${brand}`,
    text: ({ name, url, brand, settingsUrl }) =>
      `Bonjour ${name},\n\nToutes les livraisons vers ${url} échouent depuis plusieurs jours : ${brand} a donc cessé d’y envoyer des événements.\nCorrigez l’endpoint, puis réactivez-le dans Paramètres → Webhooks : ${settingsUrl}\n`,
  },
  notification: {
    subject: (brand) => `Du nouveau sur votre compte ${brand}`,
    line: {
      sale: ({ amount, product }) => `Nouvelle vente : ${product} pour ${amount}`,
      refund: ({ amount, product }) => `Votre achat de ${product} a été remboursé (${amount})`,
      review: ({ actor, product }) => `Nouvel avis sur ${product} par ${actor}`,
      comment: ({ actor }) => `${actor} a commenté votre publication`,
      like: ({ actor }) => `${actor} a aimé votre publication`,
      follow: ({ actor }) => `${actor} vous suit`,
      application: ({ actor, title }) => `Nouvelle candidature à ${title} de ${actor}`,
      application_viewed: ({ title }) => `Votre candidature à ${title} a été consultée`,
      payout_paid: ({ amount }) => `Versement de ${amount} effectué`,
      payout_failed: ({ amount }) => `Le versement de ${amount} a échoué`,
      invoice_paid: ({ amount, title }) => `Facture ${title} payée : ${amount}`,
      mention: ({ actor }) => `${actor} vous a mentionné`,
      commission: ({ amount, product }) => `Vous avez gagné ${amount} de commission sur une vente de ${product}`,
    },
    footer: ({ url, settingsUrl }) => `Voir sur ${url}\n\nVous pouvez désactiver ces e-mails dans les Paramètres : ${settingsUrl}`,
    digestIntro: ({ count }) => (count === 1 ? 'Votre notification non lue du dernier jour :' : `Vos ${count} notifications non lues du dernier jour :`),
    digestFooter: ({ url, settingsUrl }) => `Tout voir sur ${url}\n\nVous recevez un e-mail par jour ; choisissez un e-mail par notification, ou aucun, dans les Paramètres : ${settingsUrl}`,
  },
  audience: {
    subject: (brand) => `Une nouveauté d’un créateur sur ${brand}`,
    from: ({ store }) => `De ${store} :`,
    testNote: 'Ceci est un test : vous seul l’avez reçu.',
    footer: ({ store, brand, url }) => `Vous recevez ceci car vous avez acheté à ${store}, le suivez ou vous êtes inscrit sur ${brand}.\nSe désabonner : ${url}`,
    unsubscribe: 'Se désabonner',
    page: {
      title: 'Se désabonner',
      question: ({ email }) => `Ne plus recevoir les e-mails de ce créateur à ${email} ?`,
      button: 'Me désabonner',
      done: 'Vous êtes désabonné : ce créateur ne vous écrira plus.',
      confirmed: 'Merci ! Vous recevrez les nouveautés de ce créateur par e-mail.',
      invalid: 'Ce lien n’est pas valide.',
    },
    buyerPage: {
      title: 'Recevoir les nouveautés',
      question: ({ store, email }) => `Recevoir les nouveautés de ${store} par e-mail à ${email} ?`,
      button: 'Oui, envoyez-moi les nouveautés',
    },
    confirmSubject: (brand) => `Confirmez votre inscription sur ${brand}`,
    confirm: ({ store, url, brand }) => `Quelqu’un (vous, espérons-le) a demandé à recevoir les nouveautés de ${store} sur ${brand}.\n\nConfirmez ici : ${url}\n\nSi ce n’était pas vous, ignorez ce message : vous ne recevrez rien d’autre.`,
  },
  checkoutReminder: {
    subject: (brand) => `Vous n’avez pas terminé votre achat sur ${brand}`,
    intro: ({ store, brand }) => `Vous avez commencé un achat auprès de ${store} sur ${brand} sans le terminer. Voici ce que vous aviez choisi :`,
    finish: (url) => `Terminer votre achat : ${url}`,
    why: ({ store }) => `Vous recevez cet e-mail car vous avez donné cette adresse lors du paiement sans payer. ${store} n’envoie qu’un rappel par achat : vous n’en recevrez pas d’autre pour celui-ci.`,
    unsubscribe: ({ store, url }) => `Ne plus recevoir d’e-mails de ${store} : ${url}`,
  },
  teamInvite: {
    subject: (brand) => `Vous êtes invité dans une équipe sur ${brand}`,
    text: ({ owner, brand, url, days }) =>
      `${owner} vous invite à travailler sur sa boutique sur ${brand} : produits, liens, factures et ventes.\n\nConnectez-vous (ou créez un compte) avec cette adresse e-mail, puis acceptez ici : ${url}\n\nL’invitation est valable ${days} jours. Si vous ne connaissez pas ${owner}, ignorez ce message.`,
  },
  membership: {
    paymentFailedSubject: (brand) => `Le paiement de votre abonnement ${brand} a échoué`,
    paymentFailed: ({ product, amount, date, url }) =>
      `Nous n’avons pas pu prélever ${amount} pour votre abonnement à ${product}.\n\nVous gardez l’accès jusqu’au ${date} ; ensuite votre abonnement prend fin si aucun paiement n’aboutit.\n\nVos abonnements : ${url}`,
    endedSubject: (brand) => `Votre abonnement ${brand} a pris fin`,
    ended: ({ product, url }) => `Votre abonnement à ${product} a pris fin car son paiement n’a pas abouti.\n\nVous pouvez vous réabonner depuis votre bibliothèque : ${url}`,
  },
  plan: {
    paymentFailedSubject: (brand) => `Le paiement de votre offre ${brand} a échoué`,
    paymentFailed: ({ plan, amount, date, url }) =>
      `Nous n’avons pas pu prélever ${amount} pour votre offre ${plan}.\n\nVous gardez ${plan} jusqu’au ${date} ; ensuite votre compte repasse à l’offre Free.\n\nOffre et facturation : ${url}`,
    endedSubject: (brand) => `Votre compte ${brand} repasse à l’offre Free`,
    ended: ({ plan, url }) => `Votre offre ${plan} a pris fin car son paiement n’a pas abouti, et votre compte est à l’offre Free.\n\nVous pouvez changer d’offre à nouveau dans Offre et facturation : ${url}`,
  },
};
