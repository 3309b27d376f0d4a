import type { MailMessages } from "../pt-BR/mail";

export const mail: MailMessages = {
  receipt: {
    subject: (place) => `Recibo de tu pedido en ${place}`,
    title: "¡Pago confirmado!",
    greeting: (firstName) => `¡Hola, ${firstName}!`,
    greetingNoName: "¡Hola!",
    paid: (order, place, when, method) =>
      `Recibimos el pago de tu pedido ${order} en ${place}, el ${when} (${method}). ¡Gracias por tu compra!`,
    location: (location) => `Ubicación: ${location}`,
    total: "Total",
    methods: { pix: "Pix", credit_card: "Tarjeta de crédito" },
    contactHeading: "Contacta al anfitrión",
    contact: { whatsapp: "WhatsApp", phone: "Teléfono", email: "Correo electrónico" },
    backToShop: "Volver a la tienda",
    buttonFallback: "Si el botón no funciona, copia y pega esta dirección en tu navegador:",
    dataRequest: "Tus datos: pedir una copia o su eliminación",
    footer: "Este es tu recibo. Guarda este correo; si algo no está bien, contacta al anfitrión.",
  },
  delivered: {
    subject: (place) => `Tu pedido llegó a ${place}`,
    title: "Tu pedido está en el alojamiento",
    greeting: (firstName) => `¡Hola, ${firstName}!`,
    greetingNoName: "¡Hola!",
    body: (order, place) => `Entregamos tu pedido ${order} en ${place}: estará allí cuando llegues.`,
    openShop: "Abrir la tienda del alojamiento",
    buttonFallback: "Si el botón no funciona, copia y pega esta dirección en tu navegador:",
    footer: "Si algo no está bien, habla con el anfitrión.",
  },
};
