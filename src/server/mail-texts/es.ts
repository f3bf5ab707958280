import type { MailTexts } from './index.ts';

export const es: MailTexts = {
  verification: {
    subject: (brand) => `Confirma tu cuenta de ${brand}`,
    text: ({ brand, name, url }) => `¡Te damos la bienvenida a ${brand}, ${name}!\n\nConfirma tu dirección de correo electrónico abriendo este enlace:\n${url}\n`,
  },
  passwordReset: {
    subject: (brand) => `Restablece tu contraseña de ${brand}`,
    text: ({ name, url }) =>
      `Hola, ${name}:\n\nAbre este enlace para elegir una contraseña nueva (válido durante una hora):\n${url}\n\nSi no lo has pedido tú, ignora este correo.`,
  },
  libraryLink: {
    subject: (brand) => `Tu biblioteca de ${brand}: inicia sesión`,
    text: ({ brand, url, minutes }) =>
      `Pediste guardar tus compras en una biblioteca de ${brand}. Abre este enlace para iniciar sesión (sin contraseña; si esta dirección no tiene cuenta, se crea una):\n${url}\n\nEl enlace sirve una vez, durante ${minutes} minutos. Si no lo pediste, ignora este correo.`,
  },
  signInLocked: {
    subject: (brand) => `Los inicios de sesión en tu cuenta de ${brand} están en pausa`,
    text: ({ name, brand, failures, minutes, resetUrl }) =>
      [
        `Hola, ${name}:`,
        `Alguien ha escrito una contraseña incorrecta para tu cuenta de ${brand} ${failures} veces, así que los inicios de sesión quedan en pausa durante ${minutes} minutos.`,
        `Si has sido tú, espera y vuelve a intentarlo. Si no, elige una contraseña nueva: ${resetUrl}`,
      ].join('\n\n'),
  },
  receipt: {
    subject: (sellers) => `Tu compra a ${sellers}`,
    thanks: '¡Gracias por tu compra!',
    order: ({ orderId, total }) => `Pedido ${orderId} · Total ${total}`,
    tax: ({ amount, country }) => `Impuestos incluidos (${country}): ${amount}`,
    notDelivered: 'Este producto ya no está disponible, así que no se ha entregado y te hemos reembolsado su precio.',
    download: (url) => `Descarga: ${url}`,
    giftSent: (email) => `Enviado como regalo a ${email}.`,
    licenseKey: (key) => `Clave de licencia: ${key}`,
    discount: ({ code, amount }) => `Código de descuento ${code}: ${amount} de descuento`,
    confirmAudience: ({ store, url }) => `Esto era gratis, así que ${store} no te escribirá a menos que lo pidas. Para recibir sus novedades por correo, confírmalo aquí: ${url}`,
    page: (url) => `Tu recibo, con tus descargas y claves de licencia, está aquí cuando quieras: ${url}`,
    footer: (libraryUrl) => `Inicia sesión en ${libraryUrl} con esta dirección de correo para ver todas tus compras en un solo lugar.`,
  },
  receiptResend: {
    subject: (brand) => `Tus recibos en ${brand}`,
    intro: 'Pediste tus recibos. Cada enlace abre uno, con sus descargas y claves de licencia:',
    line: ({ orderId, date, total, url }) => `Pedido ${orderId} · ${date} · ${total}\n${url}`,
    footer: 'Si no lo pediste, puedes ignorar este correo: los enlaces solo abren recibos.',
  },
  gift: {
    subject: (brand) => `Has recibido un regalo en ${brand}`,
    intro: (buyerEmail) => `¡${buyerEmail} te ha enviado un regalo!`,
    footer: ({ pageUrl, libraryUrl }) =>
      `La página de tu regalo, con sus descargas cuando quieras (guarda este correo):\n${pageUrl}\n\nO inicia sesión en ${libraryUrl} con esta dirección de correo para encontrarlo en tu biblioteca.`,
  },
  refund: {
    subject: (brand) => `Tu compra en ${brand} ha sido reembolsada`,
    text: ({ product, amount }) => `Tu compra de ${product} (${amount}) ha sido reembolsada. Su descarga ya no está disponible.`,
    partialSubject: (brand) => `Tu compra en ${brand} ha sido reembolsada en parte`,
    partial: ({ product, amount, total }) => `Se te han reembolsado ${amount} de tu compra de ${product} (${total}). Puedes seguir descargándola.`,
    rest: ({ product, amount, total }) => `Se te han reembolsado los ${amount} restantes de tu compra de ${product} (${total}), así que está reembolsada por completo. Su descarga ya no está disponible.`,
  },
  invoice: {
    subject: ({ id, brand, total }) => `Factura ${id} en ${brand} (${total})`,
    greeting: (clientName) => `Hola, ${clientName}:`,
    sent: ({ creator, brand }) => `${creator} te ha enviado una factura en ${brand}.`,
    line: ({ name, quantity, unitPrice }) => `- ${name}: ${quantity} × ${unitPrice}`,
    total: (amount) => `Total: ${amount}`,
    paid: 'Esta factura ya está pagada. ¡Gracias!',
    cancelled: 'Esta factura ha sido cancelada.',
    payBy: ({ date, link }) => `Págala en línea antes del ${date}:\n${link}`,
    questions: ({ creator, email }) => `¿Tienes preguntas? Escribe a ${creator} en ${email}.`,
  },
  contact: {
    subject: (brand) => `Una pregunta sobre tu producto en ${brand}`,
    text: ({ name, email, product, brand, url, message }) =>
      `${name} (${email}) te ha escrito sobre ${product} en ${brand} (${url}):\n\n${message}\n\nResponde a este correo para contestarle.`,
  },
  webhookDisabled: {
    subject: (brand) => `Se ha desactivado un endpoint de webhook en ${brand}`,
    text: ({ name, url, brand, settingsUrl }) =>
      `Hola, ${name}:\n\nTodas las entregas a ${url} han fallado durante días, así que ${brand} ha dejado de enviarle eventos.\nArregla el endpoint y vuelve a activarlo en Ajustes → Webhooks: ${settingsUrl}\n`,
  },
  notification: {
    subject: (brand) => `Novedades en tu cuenta de ${brand}`,
    line: {
      sale: ({ amount, product }) => `Nueva venta: ${product} por ${amount}`,
      refund: ({ amount, product }) => `Tu compra de ${product} fue reembolsada (${amount})`,
      review: ({ actor, product }) => `Nueva reseña de ${product} por ${actor}`,
      comment: ({ actor }) => `${actor} comentó tu publicación`,
      like: ({ actor }) => `A ${actor} le gustó tu publicación`,
      follow: ({ actor }) => `${actor} empezó a seguirte`,
      application: ({ actor, title }) => `Nueva candidatura a ${title} de ${actor}`,
      application_viewed: ({ title }) => `Tu candidatura a ${title} fue vista`,
      payout_paid: ({ amount }) => `Pago de ${amount} realizado`,
      payout_failed: ({ amount }) => `El pago de ${amount} falló`,
      invoice_paid: ({ amount, title }) => `Factura ${title} pagada: ${amount}`,
      mention: ({ actor }) => `${actor} te mencionó`,
      commission: ({ amount, product }) => `Ganaste ${amount} de comisión por una venta de ${product}`,
    },
    footer: ({ url, settingsUrl }) => `Míralo en ${url}\n\nPuedes desactivar estos correos en Ajustes: ${settingsUrl}`,
    digestIntro: ({ count }) => (count === 1 ? 'Tu notificación sin leer del último día:' : `Tus ${count} notificaciones sin leer del último día:`),
    digestFooter: ({ url, settingsUrl }) => `Míralas todas en ${url}\n\nRecibes un correo al día; elige uno por notificación, o ninguno, en Ajustes: ${settingsUrl}`,
  },
  audience: {
    subject: (brand) => `Una novedad de un creador en ${brand}`,
    from: ({ store }) => `De ${store}:`,
    testNote: 'Esto es una prueba: solo tú la recibiste.',
    footer: ({ store, brand, url }) => `Recibes esto porque compraste a ${store}, lo sigues o te suscribiste en ${brand}.\nDarse de baja: ${url}`,
    unsubscribe: 'Darse de baja',
    page: {
      title: 'Darse de baja',
      question: ({ email }) => `¿Dejar de recibir correos de este creador en ${email}?`,
      button: 'Darse de baja',
      done: 'Te has dado de baja: este creador no volverá a escribirte.',
      confirmed: '¡Gracias! Recibirás las novedades de este creador por correo.',
      invalid: 'Este enlace no es válido.',
    },
    buyerPage: {
      title: 'Recibir novedades',
      question: ({ store, email }) => `¿Recibir las novedades de ${store} por correo en ${email}?`,
      button: 'Sí, enviadme novedades',
    },
    confirmSubject: (brand) => `Confirma tu suscripción en ${brand}`,
    confirm: ({ store, url, brand }) => `Alguien (esperamos que tú) pidió recibir novedades de ${store} en ${brand}.\n\nConfírmalo aquí: ${url}\n\nSi no fuiste tú, ignora este correo: no recibirás nada más.`,
  },
  checkoutReminder: {
    subject: (brand) => `No terminaste tu compra en ${brand}`,
    intro: ({ store, brand }) => `Empezaste una compra a ${store} en ${brand} y no la terminaste. Esto es lo que elegiste:`,
    finish: (url) => `Termina tu compra: ${url}`,
    why: ({ store }) => `Recibes este correo porque diste esta dirección al pagar y no completaste el pago. ${store} envía un solo recordatorio por compra: no recibirás otro por esta.`,
    unsubscribe: ({ store, url }) => `No recibir más correos de ${store}: ${url}`,
  },
  teamInvite: {
    subject: (brand) => `Te invitaron a un equipo en ${brand}`,
    text: ({ owner, brand, url, days }) =>
      `${owner} te invitó a trabajar en su tienda en ${brand}: productos, enlaces, facturas y ventas.\n\nInicia sesión (o crea una cuenta) con esta dirección de correo y acepta aquí: ${url}\n\nLa invitación es válida durante ${days} días. Si no conoces a ${owner}, ignora este correo.`,
  },
  membership: {
    paymentFailedSubject: (brand) => `Falló el pago de tu membresía en ${brand}`,
    paymentFailed: ({ product, amount, date, url }) =>
      `No pudimos cobrar ${amount} por tu membresía de ${product}.\n\nConservas el acceso hasta el ${date}; después tu membresía termina si no se completa un pago.\n\nTus membresías: ${url}`,
    endedSubject: (brand) => `Tu membresía en ${brand} ha terminado`,
    ended: ({ product, url }) => `Tu membresía de ${product} ha terminado porque su pago no se completó.\n\nPuedes volver a unirte desde tu biblioteca: ${url}`,
  },
  plan: {
    paymentFailedSubject: (brand) => `Falló el pago de tu plan en ${brand}`,
    paymentFailed: ({ plan, amount, date, url }) =>
      `No pudimos cobrar ${amount} por tu plan ${plan}.\n\nConservas ${plan} hasta el ${date}; después tu cuenta vuelve al plan Free.\n\nPlan y facturación: ${url}`,
    endedSubject: (brand) => `Tu cuenta de ${brand} vuelve al plan Free`,
    ended: ({ plan, url }) => `Tu plan ${plan} ha terminado porque su pago no se completó, y tu cuenta está en el plan Free.\n\nPuedes volver a mejorarlo en Plan y facturación: ${url}`,
  },
};
