import { plural } from "../../plural";
import type { GuestDataMessages } from "../pt-BR/guest-data";

export const guestData: GuestDataMessages = {
  title: "Tus datos",
  order: (shortId: string, property: string) => `Pedido ${shortId} en ${property}`,
  intro:
    "Puedes pedirle al anfitrión una copia de los datos que guarda sobre ti o que los borre. Confirma el correo que usaste en la compra.",
  emailLabel: "Tu correo electrónico",
  choiceLegend: "¿Qué quieres hacer?",
  export: "Recibir una copia de mis datos",
  erasure: "Borrar mis datos",
  erasureHint:
    "Los montos de la compra se conservan, sin tu nombre ni tu contacto, para las cuentas del anfitrión.",
  submit: "Enviar pedido",
  emailMismatch: "Este no es el correo de este pedido. Usa el mismo correo en el que recibiste el recibo.",
  choiceRequired: "Elige qué quieres pedir.",
  tooMany: (minutes: number) =>
    plural("es", minutes, {
      one: "Demasiados pedidos. Inténtalo de nuevo en # minuto.",
      other: "Demasiados pedidos. Inténtalo de nuevo en # minutos.",
    }),
  receivedTitle: "Pedido recibido",
  receivedExport: "El anfitrión te enviará una copia de tus datos por correo.",
  receivedErasure: "El anfitrión borrará tus datos.",
  receivedDeadline: "Responde en un plazo de 15 días.",
  alreadyErased: "Los datos de este pedido ya fueron borrados.",
  alreadyErasedText: "Ya no guardamos tu nombre ni tu contacto en este pedido.",
  invalidLinkTitle: "Enlace no válido",
  invalidLinkText: "Abre el enlace del recibo que te llegó por correo, sin cambiarlo.",
  copySubject: "Copia de tus datos",
  copyIntro: (property: string) =>
    `Pediste una copia de los datos que se guardan sobre ti por tus compras en ${property}. Están abajo, pedido por pedido.`,
  copyFooter: "Recibes este correo porque pediste tus datos desde el enlace del recibo.",
  copyLabels: {
    order: "Pedido",
    createdAt: "Hecho el",
    property: "Alojamiento",
    status: "Estado",
    method: "Forma de pago",
    total: "Total",
    paidAt: "Pagado el",
    name: "Nombre",
    email: "Correo",
    phone: "Teléfono",
    cpf: "CPF",
    items: "Artículos",
    payments: "Pagos",
    card: "Tarjeta",
    whatsappOptIn: "Comprobante por WhatsApp pedido el",
    messages: "Mensajes enviados",
    none: "—",
  },
};
