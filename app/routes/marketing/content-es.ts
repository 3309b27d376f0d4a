import {
  BadgeDollarSign,
  Bell,
  Building2,
  Camera,
  Headset,
  PackagePlus,
  QrCode,
  ShieldCheck,
  Unplug,
  Users,
  Wallet,
  WalletCards,
} from "lucide-react";
import type { LandingContent } from "~/ui/marketing/landing-types";
import { HERO_IMAGE, ogImage, screenshot } from "./content-images";

export const CONTENT_ES: LandingContent = {
  lang: "es",
  path: "/es",
  title: "Estadia — tienda con código QR para anfitriones de alquiler temporario",
  description:
    "Vende bebidas, snacks y artículos de conveniencia en tus alquileres temporarios: el huésped escanea el código QR y paga con PIX o tarjeta. Sin mensualidad, 7 días gratis.",
  ogLocale: "es_ES",
  ogImage: ogImage("es"),
  skipLink: "Saltar al contenido",
  navLabel: "Principal",
  signIn: "Iniciar sesión",
  menu: "Menú",
  nav: [
    { label: "Cómo Funciona", href: "#como-funciona" },
    { label: "Beneficios", href: "#beneficios" },
    { label: "Testimonios", href: "#testimonios" },
    { label: "Preguntas", href: "#preguntas" },
  ],
  cta: "Empieza Ahora",
  hero: {
    eyebrow: "Para anfitriones y administradores de alquiler temporario",
    title: "Convierte cada propiedad en una tienda que vende sola",
    subtitle:
      "Cada unidad recibe un código QR. El huésped lo escanea, elige lo que hay en la propiedad y paga con PIX o tarjeta, sin aplicación y sin registrarse. Tú sigues las ventas, el stock y la ganancia de cada propiedad en un solo panel.",
    secondary: "Ver cómo funciona",
    highlights: ["Sin mensualidad", "7 días gratis, sin tarjeta", "Soporte 24/7"],
    image: {
      ...HERO_IMAGE,
      alt: "Un celular con la tienda de una propiedad abierta, con productos, precios y pago con PIX, junto al código QR de la unidad.",
    },
  },
  steps: {
    id: "como-funciona",
    title: "Cómo Funciona",
    intro: "Del registro a la primera venta en pocos minutos.",
    items: [
      {
        icon: Building2,
        title: "Registra tus propiedades",
        text: "Crea tu cuenta y agrega cada unidad con nombre y dirección. La configuración toma menos de 5 minutos.",
      },
      {
        icon: PackagePlus,
        title: "Arma el catálogo",
        text: "Carga bebidas, snacks, kits de higiene y todo lo que dejas en la propiedad, con precio y stock por unidad.",
      },
      {
        icon: QrCode,
        title: "Deja el código QR a la vista",
        text: "Genera el código QR de cada propiedad con tu propio diseño, imprímelo y colócalo donde el huésped lo vea.",
      },
      {
        icon: Wallet,
        title: "Recibe tus ventas",
        text: "El huésped paga con PIX o tarjeta desde su celular. El dinero entra en la billetera de la propiedad y retiras cuando quieras.",
      },
    ],
  },
  benefits: [
    {
      id: "beneficios",
      title: "Beneficios",
      intro: "Todo lo que necesitas para vender más y cuidar mejor cada propiedad.",
      items: [
        {
          icon: BadgeDollarSign,
          title: "Sin mensualidad",
          text: "Sin plan fijo ni permanencia: empiezas sin costo mensual.",
        },
        {
          icon: WalletCards,
          title: "Una nueva fuente de ingresos",
          text: "Bebidas, snacks y artículos de conveniencia se convierten en ingresos en cada estadía, sin que tengas que estar allí.",
        },
        {
          icon: Bell,
          title: "Alertas de stock",
          text: "Entérate cuando un artículo se está agotando en cada propiedad y repónlo antes de que el huésped lo extrañe.",
        },
        {
          icon: Camera,
          title: "Registro de daños",
          text: "Documenta los daños con fotos y genera informes para pedir el reembolso con seguridad.",
        },
        {
          icon: Users,
          title: "Equipo con permisos",
          text: "Registra empleados y coanfitriones, cada uno con el acceso que necesita.",
        },
        {
          icon: ShieldCheck,
          title: "Datos de huéspedes bajo control",
          text: "Las compras y los datos de los huéspedes quedan contigo, organizados por propiedad.",
        },
        {
          icon: Unplug,
          title: "Independiente de la plataforma",
          text: "Funciona con cualquier canal de reservas: tu operación no depende de una sola plataforma.",
        },
        {
          icon: Headset,
          title: "Soporte 24/7",
          text: "Habla con nuestro equipo a cualquier hora, por WhatsApp o por correo electrónico.",
        },
      ],
    },
  ],
  screenshots: {
    id: "pantallas",
    title: "Mira Estadia en acción",
    intro: "La tienda que ve el huésped y el panel que usas todos los días.",
    layout: "carousel",
    carouselLabel: "Capturas de pantalla de Estadia",
    previous: "Imagen anterior",
    next: "Imagen siguiente",
    slideLabel: "Imagen {n} de {total}",
    goTo: "Ir a la imagen {n}",
    items: [
      {
        ...screenshot("es", "shop"),
        alt: "La tienda de la propiedad en el celular del huésped: agua, café y snacks con precios y el botón para pagar con PIX.",
        caption: "La tienda de la propiedad se abre con el código QR y el huésped paga en segundos.",
      },
      {
        ...screenshot("es", "dashboard"),
        alt: "El panel del anfitrión con las ventas del mes, la ganancia por propiedad y alertas de stock bajo.",
        caption: "Ventas, stock y ganancia de cada propiedad en un solo panel.",
      },
      {
        ...screenshot("es", "qr"),
        alt: "Un cartel listo para imprimir con el código QR de una propiedad y los controles de posición y tamaño.",
        caption: "Códigos QR con tu propio diseño, listos para imprimir.",
      },
    ],
  },
  testimonials: {
    id: "testimonios",
    title: "Testimonios",
    intro: "Anfitriones de todo Brasil ya venden con Estadia.",
    items: [
      {
        quote:
          "Puse el código QR en mis seis departamentos y la facturación subió un 15% ya en el primer mes. A los huéspedes les encanta no tener que salir a comprar agua o café.",
        name: "Mariana Costa",
        role: "Anfitriona en Florianópolis, 6 propiedades",
        initials: "MC",
      },
      {
        quote:
          "Con el registro de daños con fotos recuperé más de R$ 500 en daños que antes simplemente asumía yo.",
        name: "Ricardo Almeida",
        role: "Administrador en Gramado, 14 propiedades",
        initials: "RA",
      },
      {
        quote:
          "Configuré todo en menos de 5 minutos. El equipo de limpieza repone desde el celular y yo solo sigo el panel.",
        name: "Juliana Ferreira",
        role: "Coanfitriona en Salvador, 3 propiedades",
        initials: "JF",
      },
    ],
  },
  faq: {
    id: "preguntas",
    title: "Preguntas Frecuentes",
    intro: "¿Todavía tienes dudas? Escríbenos por WhatsApp a cualquier hora.",
    items: [
      {
        question: "¿Tengo que pagar una mensualidad?",
        // {fees}: the fee sentence, written from PLATFORM_FEE_PERCENT and FREE_TRIAL_DAYS (landing-fees.ts).
        answer: "No. {fees} Empiezas sin registrar tarjeta de crédito.",
      },
      {
        question: "¿El huésped tiene que descargar alguna aplicación?",
        answer:
          "No. Apunta la cámara del celular al código QR, abre la tienda de la propiedad en el navegador y paga con PIX o tarjeta, sin crear una cuenta.",
      },
      {
        question: "¿Cómo recibo el dinero de las ventas?",
        answer:
          "Cada venta entra en la billetera de la propiedad, con el extracto completo. Cuando el saldo esté disponible, solicitas el retiro desde el panel.",
      },
      {
        question: "¿Funciona con Airbnb, Booking y otras plataformas?",
        answer:
          "Sí. Estadia es independiente de la plataforma de reservas: funciona con cualquier canal, incluso con tus reservas directas.",
      },
      {
        question: "¿Cuánto tiempo toma empezar?",
        answer:
          "Menos de 5 minutos: crea tu cuenta, registra una propiedad y sus productos e imprime el código QR. Si lo necesitas, nuestro soporte atiende las 24 horas, los 7 días de la semana.",
      },
      {
        question: "¿Puedo dar acceso a mi equipo?",
        answer:
          "Sí. Registra empleados, personal de limpieza y coanfitriones, cada uno con los permisos que necesita: quien repone el stock no necesita ver las finanzas.",
      },
    ],
  },
  signup: {
    id: "registro",
    title: "Empieza gratis hoy",
    intro:
      "Prueba Estadia durante 7 días, sin tarjeta de crédito. Déjanos tus datos y crea tu cuenta a continuación.",
    perks: [
      "7 días gratis",
      "Sin tarjeta de crédito",
      "Sin mensualidad",
      "Configuración en menos de 5 minutos",
    ],
    name: "Nombre completo",
    email: "Correo electrónico",
    phone: "Teléfono (WhatsApp)",
    propertiesCount: "¿Cuántas propiedades tienes?",
    propertiesHint: "Por ejemplo: 3",
    honeypot: "Deja este campo vacío",
    submit: "Crear mi cuenta gratis",
    busy: "Enviando...",
    privacy: {
      before: "Al enviar, aceptas nuestra ",
      link: "Política de Privacidad (en portugués)",
      after: ".",
    },
  },
  footer: {
    tagline: "Ventas con código QR para anfitriones y administradores de alquiler temporario.",
    quickLinks: "Enlaces rápidos",
    signIn: "Iniciar sesión",
    legal: "Legal",
    terms: "Términos de Uso (en portugués)",
    privacy: "Política de Privacidad (en portugués)",
    contact: "Contacto",
    supportChat: "Soporte por WhatsApp",
    social: "Redes sociales",
    socialLabel: "Estadia en {network}",
    languages: "Idioma",
    toTop: "Volver arriba",
    rights: "Todos los derechos reservados.",
  },
};
