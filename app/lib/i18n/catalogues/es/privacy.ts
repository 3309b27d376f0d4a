import { plural } from "../../plural";
import type { PrivacyMessages } from "../pt-BR/privacy";

const months = (n: number) => plural("es", n, { one: "# mes", other: "# meses" });

export const privacy: PrivacyMessages = {
  notice: {
    heading: "Privacidad",
    text: (host, n) =>
      `Tus datos van a ${host}, el anfitrión, solo para esta compra y su recibo. Se guardan durante ${months(n)}.`,
    link: "Aviso de privacidad",
  },
  page: {
    meta: "Aviso de privacidad | Estadia",
    description:
      "Cómo Estadia y el anfitrión tratan los datos de quien compra en la tienda del alojamiento: qué, para qué, por cuánto tiempo y tus derechos (LGPD).",
    title: "Aviso de privacidad",
    intro:
      "Este aviso explica, en pocas palabras, qué pasa con tus datos cuando compras en la tienda de un alojamiento a través de Estadia.",
    whoHeading: "Quién cuida tus datos",
    who: [
      "El anfitrión (quien vende en la tienda del alojamiento) es el responsable de los datos de tu compra: decide para qué se usan.",
      "Estadia es el encargado: guarda y procesa esos datos en nombre del anfitrión, y solo para eso.",
      "Estadia es el responsable de sus propias cuentas (los datos de acceso de los anfitriones) y de sus registros de acceso.",
    ],
    whatHeading: "Qué recopilamos",
    what: "Tu nombre, correo, teléfono y CPF (si lo indicas), lo que compraste y el estado del pago. Nunca el número de tu tarjeta: lo guarda el procesador de pagos.",
    whyHeading: "Para qué",
    why: "Para hacer tu compra, enviarte el recibo (por correo y, si lo pides, por WhatsApp: tu teléfono va a Meta, que entrega el mensaje) y llevar los registros fiscales y contables del anfitrión. Nunca enviamos publicidad.",
    howLongHeading: "Por cuánto tiempo",
    howLong: (n) =>
      `Los datos de los pedidos se guardan durante ${months(n)}. Después, tu nombre, correo, teléfono y CPF se anonimizan; los importes y los productos quedan, para la contabilidad.`,
    rightsHeading: "Tus derechos (LGPD, art. 18)",
    rights: [
      "Confirmar si tratamos datos tuyos",
      "Acceder a tus datos",
      "Corregir datos incompletos o incorrectos",
      "Pedir la anonimización o la eliminación",
      "Llevar tus datos a otro servicio (portabilidad)",
      "Saber con quién se comparten tus datos",
    ],
    rightsHow:
      "Para pedirlo, usa el enlace “Tus datos” de tu recibo por correo o contacta al anfitrión. La respuesta llega en un máximo de 15 días.",
    cookiesHeading: "Cookies",
    cookies: [
      "Una cookie del dispositivo, para guardar tu carrito.",
      "Una cookie de idioma, para recordar el idioma que elegiste.",
    ],
    noTracking: "No usamos cookies de seguimiento ni de publicidad.",
  },
};
