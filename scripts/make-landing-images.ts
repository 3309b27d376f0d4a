// `npx tsx scripts/make-landing-images.ts`: draws the landing pages' illustrations as SVG and writes small,
// sized raster files into public/ (committed). Run it again after changing a drawing or a label.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const PUBLIC = path.resolve(import.meta.dirname, "../public");

const C = {
  brand: "#0b6b5e",
  brandDark: "#084c43",
  soft: "#e6f4f1",
  ink: "#1c1a17",
  muted: "#5c5850",
  alt: "#f7f6f3",
  border: "#e2dfd8",
  white: "#ffffff",
  sun: "#f5b400",
  coral: "#e0694f",
  sky: "#3b82c4",
};

const FONT = "Liberation Sans, DejaVu Sans, Arial, sans-serif";

type Lang = "pt" | "en" | "es";

const LABELS: Record<
  Lang,
  {
    shopTitle: string;
    products: [string, string][];
    total: string;
    payPix: string;
    scanToPay: string;
    approved: string;
    nav: string[];
    monthSales: string;
    profit: string;
    properties: string;
    salesByProperty: string;
    lowStock: string;
    lowStockItems: string[];
    units: string[];
    posterTitle: string;
    posterText: string;
    editorTitle: string;
    sliders: string[];
    save: string;
    money: (cents: number) => string;
  }
> = {
  pt: {
    shopTitle: "Apartamento 302",
    products: [
      ["Água mineral", "R$ 5,00"],
      ["Café em cápsula", "R$ 4,50"],
      ["Chocolate", "R$ 8,00"],
      ["Kit higiene", "R$ 15,00"],
    ],
    total: "Total",
    payPix: "Pagar com PIX",
    scanToPay: "Pague com PIX",
    approved: "Pagamento aprovado",
    nav: ["Dashboard", "Imóveis", "Reposições", "Produtos", "Vendas", "Saques"],
    monthSales: "Vendas do mês",
    profit: "Lucro",
    properties: "Imóveis",
    salesByProperty: "Vendas por imóvel",
    lowStock: "Estoque baixo",
    lowStockItems: ["Água mineral · Apto 302", "Café em cápsula · Casa da Praia"],
    units: ["Apto 302", "Casa Praia", "Loft 12", "Chalé 4", "Studio 8", "Apto 110"],
    posterTitle: "Bem-vindo!",
    posterText: "Escaneie e compre",
    editorTitle: "Editar template",
    sliders: ["Posição X", "Posição Y", "Tamanho"],
    save: "Salvar",
    money: (c) => `R$ ${ptNumber(c)}`,
  },
  en: {
    shopTitle: "Apartment 302",
    products: [
      ["Still water", "R$ 5.00"],
      ["Coffee pods", "R$ 4.50"],
      ["Chocolate", "R$ 8.00"],
      ["Toiletry kit", "R$ 15.00"],
    ],
    total: "Total",
    payPix: "Pay with PIX",
    scanToPay: "Pay with PIX",
    approved: "Payment approved",
    nav: ["Dashboard", "Properties", "Restocking", "Products", "Sales", "Withdrawals"],
    monthSales: "Sales this month",
    profit: "Profit",
    properties: "Properties",
    salesByProperty: "Sales by property",
    lowStock: "Low stock",
    lowStockItems: ["Still water · Apt 302", "Coffee pods · Beach House"],
    units: ["Apt 302", "Beach Hse", "Loft 12", "Chalet 4", "Studio 8", "Apt 110"],
    posterTitle: "Welcome!",
    posterText: "Scan to shop",
    editorTitle: "Edit template",
    sliders: ["Position X", "Position Y", "Size"],
    save: "Save",
    money: (c) => `R$ ${enNumber(c)}`,
  },
  es: {
    shopTitle: "Departamento 302",
    products: [
      ["Agua mineral", "R$ 5,00"],
      ["Café en cápsulas", "R$ 4,50"],
      ["Chocolate", "R$ 8,00"],
      ["Kit de higiene", "R$ 15,00"],
    ],
    total: "Total",
    payPix: "Pagar con PIX",
    scanToPay: "Paga con PIX",
    approved: "Pago aprobado",
    nav: ["Panel", "Propiedades", "Reposiciones", "Productos", "Ventas", "Retiros"],
    monthSales: "Ventas del mes",
    profit: "Ganancia",
    properties: "Propiedades",
    salesByProperty: "Ventas por propiedad",
    lowStock: "Stock bajo",
    lowStockItems: ["Agua mineral · Depto 302", "Café en cápsulas · Casa Playa"],
    units: ["Depto 302", "Casa Playa", "Loft 12", "Cabaña 4", "Studio 8", "Depto 110"],
    posterTitle: "¡Bienvenido!",
    posterText: "Escanea y compra",
    editorTitle: "Editar plantilla",
    sliders: ["Posición X", "Posición Y", "Tamaño"],
    save: "Guardar",
    money: (c) => `R$ ${ptNumber(c)}`,
  },
};

function grouped(cents: number, thousands: string, decimal: string): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${whole}${decimal}${String(cents % 100).padStart(2, "0")}`;
}
const ptNumber = (cents: number) => grouped(cents, ".", ",");
const enNumber = (cents: number) => grouped(cents, ",", ".");

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function text(x: number, y: number, value: string, size: number, fill: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" ${extra}>${esc(value)}</text>`;
}

/** A QR-code-looking square (finder patterns and a fixed pseudo-random fill); an illustration, not a code. */
function qr(x: number, y: number, size: number, color = C.ink): string {
  const n = 25;
  const cell = size / n;
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const inFinder = (r: number, c: number) =>
    (r < 8 && c < 8) || (r < 8 && c >= n - 8) || (r >= n - 8 && c < 8);
  const rects: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const on = random() > 0.52;
      if (!inFinder(r, c) && on) {
        rects.push(
          `<rect x="${(x + c * cell).toFixed(2)}" y="${(y + r * cell).toFixed(2)}" width="${cell.toFixed(2)}" height="${cell.toFixed(2)}"/>`,
        );
      }
    }
  }
  const finder = (fx: number, fy: number) =>
    `<rect x="${fx}" y="${fy}" width="${cell * 7}" height="${cell * 7}" fill="${color}"/>` +
    `<rect x="${fx + cell}" y="${fy + cell}" width="${cell * 5}" height="${cell * 5}" fill="${C.white}"/>` +
    `<rect x="${fx + cell * 2}" y="${fy + cell * 2}" width="${cell * 3}" height="${cell * 3}" fill="${color}"/>`;
  return (
    `<rect x="${x - cell}" y="${y - cell}" width="${size + 2 * cell}" height="${size + 2 * cell}" fill="${C.white}"/>` +
    `<g fill="${color}">${rects.join("")}</g>` +
    finder(x, y) +
    finder(x + (n - 7) * cell, y) +
    finder(x, y + (n - 7) * cell)
  );
}

const productColors = [C.sky, C.brandDark, C.coral, C.sun];

/** A phone showing a shop; labels are optional so the hero stays language-neutral. */
function phone(x: number, y: number, w: number, h: number, labels?: (typeof LABELS)[Lang]): string {
  const pad = 14;
  const sx = x + pad;
  const sw = w - 2 * pad;
  const rowH = 62;
  const prices = labels?.products.map(([, price]) => price) ?? ["R$ 5,00", "R$ 4,50", "R$ 8,00", "R$ 15,00"];
  const rows = prices
    .map((price, i) => {
      const ry = y + 118 + i * (rowH + 10);
      const name = labels?.products[i]?.[0];
      return (
        `<rect x="${sx + 10}" y="${ry}" width="${sw - 20}" height="${rowH}" rx="12" fill="${C.white}" stroke="${C.border}"/>` +
        `<circle cx="${sx + 42}" cy="${ry + rowH / 2}" r="18" fill="${productColors[i]}"/>` +
        (name
          ? text(sx + 70, ry + 27, name, 15, C.ink, 'font-weight="700"')
          : `<rect x="${sx + 70}" y="${ry + 16}" width="${sw * 0.38}" height="11" rx="5" fill="${C.border}"/>`) +
        text(sx + 70, ry + 48, price, 14, C.muted) +
        `<circle cx="${sx + sw - 40}" cy="${ry + rowH / 2}" r="15" fill="${C.brand}"/>` +
        `<path d="M${sx + sw - 46} ${ry + rowH / 2}h12M${sx + sw - 40} ${ry + rowH / 2 - 6}v12" stroke="${C.white}" stroke-width="3" stroke-linecap="round"/>`
      );
    })
    .join("");
  const footY = y + h - 96;
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="40" fill="${C.ink}"/>` +
    `<rect x="${sx}" y="${y + pad}" width="${sw}" height="${h - 2 * pad}" rx="28" fill="${C.alt}"/>` +
    `<rect x="${sx}" y="${y + pad}" width="${sw}" height="88" rx="28" fill="${C.brand}"/>` +
    `<rect x="${sx}" y="${y + 70}" width="${sw}" height="32" fill="${C.brand}"/>` +
    text(sx + 22, y + 56, "Estadia", 22, C.white, 'font-weight="700"') +
    (labels ? text(sx + 22, y + 84, labels.shopTitle, 14, C.soft) : "") +
    rows +
    `<rect x="${sx + 10}" y="${footY}" width="${sw - 20}" height="62" rx="14" fill="${C.brand}"/>` +
    text(sx + 28, footY + 38, labels ? labels.payPix : "PIX", 18, C.white, 'font-weight="700"') +
    text(
      sx + sw - 28,
      footY + 38,
      labels ? labels.money(1750) : "R$ 17,50",
      18,
      C.white,
      'font-weight="700" text-anchor="end"',
    )
  );
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

function hero(): Buffer {
  return svg(
    720,
    840,
    `<circle cx="380" cy="420" r="330" fill="${C.white}" opacity="0.7"/>` +
      phone(150, 60, 380, 740) +
      `<g transform="rotate(-6 560 600)">` +
      `<rect x="440" y="470" width="240" height="300" rx="20" fill="${C.white}" stroke="${C.border}" stroke-width="2"/>` +
      `<rect x="440" y="470" width="240" height="56" rx="20" fill="${C.sun}"/><rect x="440" y="500" width="240" height="26" fill="${C.sun}"/>` +
      text(560, 507, "Estadia", 22, C.ink, 'font-weight="700" text-anchor="middle"') +
      qr(480, 552, 160) +
      `</g>`,
  );
}

function shopShot(lang: Lang): Buffer {
  const L = LABELS[lang];
  return svg(
    960,
    600,
    `<rect width="960" height="600" fill="${C.soft}"/>` +
      phone(90, 30, 330, 540, L) +
      `<rect x="500" y="90" width="380" height="420" rx="24" fill="${C.white}" stroke="${C.border}" stroke-width="2"/>` +
      text(690, 150, L.scanToPay, 28, C.ink, 'font-weight="700" text-anchor="middle"') +
      qr(590, 185, 200) +
      `<rect x="560" y="420" width="260" height="52" rx="26" fill="${C.soft}"/>` +
      `<circle cx="592" cy="446" r="14" fill="${C.brand}"/><path d="M585 446l5 5 9-10" stroke="${C.white}" stroke-width="3" fill="none" stroke-linecap="round"/>` +
      text(616, 453, L.approved, 19, C.brandDark, 'font-weight="700"'),
  );
}

function dashboardShot(lang: Lang): Buffer {
  const L = LABELS[lang];
  const nav = L.nav
    .map(
      (item, i) =>
        (i === 0 ? `<rect x="16" y="${86 + i * 46}" width="168" height="38" rx="8" fill="${C.soft}"/>` : "") +
        text(32, 111 + i * 46, item, 16, i === 0 ? C.brand : C.ink, i === 0 ? 'font-weight="700"' : ""),
    )
    .join("");
  const cards = [
    [L.monthSales, L.money(482000)],
    [L.profit, L.money(193000)],
    [L.properties, "6"],
  ]
    .map(
      ([label, value], i) =>
        `<rect x="${224 + i * 240}" y="80" width="220" height="110" rx="14" fill="${C.white}" stroke="${C.border}"/>` +
        text(244 + i * 240, 116, label ?? "", 16, C.muted) +
        text(244 + i * 240, 162, value ?? "", 30, C.ink, 'font-weight="700"'),
    )
    .join("");
  const bars = [0.9, 0.62, 0.74, 0.45, 0.82, 0.38]
    .map((v, i) => {
      const h = v * 200;
      return (
        `<rect x="${262 + i * 72}" y="${470 - h}" width="40" height="${h}" rx="6" fill="${i === 0 ? C.brand : "#5fa99c"}"/>` +
        text(282 + i * 72, 494, L.units[i] ?? "", 12, C.muted, 'text-anchor="middle"')
      );
    })
    .join("");
  const alerts = L.lowStockItems
    .map(
      (item, i) =>
        `<rect x="724" y="${266 + i * 96}" width="200" height="84" rx="10" fill="#fef7e0"/>` +
        text(738, 292 + i * 96, L.lowStock, 14, "#7a4a00", 'font-weight="700"') +
        text(738, 316 + i * 96, item.split(" · ")[0] ?? "", 13, C.ink) +
        text(738, 336 + i * 96, item.split(" · ")[1] ?? "", 12, C.muted),
    )
    .join("");
  return svg(
    960,
    600,
    `<rect width="960" height="600" fill="${C.alt}"/>` +
      `<rect width="960" height="60" fill="${C.white}"/><rect y="60" width="960" height="1" fill="${C.border}"/>` +
      text(28, 40, "Estadia", 24, C.brand, 'font-weight="700"') +
      `<circle cx="920" cy="30" r="18" fill="${C.brand}"/>` +
      text(920, 36, "AD", 14, C.white, 'font-weight="700" text-anchor="middle"') +
      `<rect y="61" width="200" height="539" fill="${C.white}"/><rect x="200" y="61" width="1" height="539" fill="${C.border}"/>` +
      nav +
      cards +
      `<rect x="224" y="210" width="480" height="310" rx="14" fill="${C.white}" stroke="${C.border}"/>` +
      text(244, 246, L.salesByProperty, 18, C.ink, 'font-weight="700"') +
      bars +
      `<rect x="714" y="210" width="220" height="310" rx="14" fill="${C.white}" stroke="${C.border}"/>` +
      text(734, 246, L.lowStock, 18, C.ink, 'font-weight="700"') +
      alerts,
  );
}

function qrShot(lang: Lang): Buffer {
  const L = LABELS[lang];
  const sliders = L.sliders
    .map((label, i) => {
      const y = 200 + i * 90;
      const knob = [0.35, 0.6, 0.45][i] ?? 0.5;
      return (
        text(600, y, label, 17, C.ink, 'font-weight="700"') +
        text(880, y, `${[140, 260, 180][i]} px`, 15, C.muted, 'text-anchor="end"') +
        `<rect x="600" y="${y + 20}" width="280" height="8" rx="4" fill="${C.border}"/>` +
        `<rect x="600" y="${y + 20}" width="${280 * knob}" height="8" rx="4" fill="${C.brand}"/>` +
        `<circle cx="${600 + 280 * knob}" cy="${y + 24}" r="13" fill="${C.white}" stroke="${C.brand}" stroke-width="4"/>`
      );
    })
    .join("");
  return svg(
    960,
    600,
    `<rect width="960" height="600" fill="${C.alt}"/>` +
      `<rect x="70" y="40" width="400" height="520" rx="16" fill="${C.white}" stroke="${C.border}" stroke-width="2"/>` +
      `<rect x="90" y="60" width="360" height="480" rx="10" fill="${C.sun}"/>` +
      `<path d="M90 420 L200 330 L290 400 L360 350 L450 420 V540 H90Z" fill="#e9a800"/>` +
      text(270, 130, L.posterTitle, 40, C.ink, 'font-weight="700" text-anchor="middle"') +
      text(270, 170, L.posterText, 22, C.ink, 'text-anchor="middle"') +
      `<rect x="160" y="205" width="220" height="220" rx="14" fill="${C.white}"/>` +
      qr(180, 225, 180) +
      text(270, 490, "Estadia", 26, C.ink, 'font-weight="700" text-anchor="middle"') +
      `<rect x="560" y="90" width="360" height="470" rx="16" fill="${C.white}" stroke="${C.border}" stroke-width="2"/>` +
      text(600, 140, L.editorTitle, 24, C.ink, 'font-weight="700"') +
      sliders +
      `<rect x="600" y="470" width="280" height="52" rx="10" fill="${C.brand}"/>` +
      text(740, 503, L.save, 18, C.white, 'font-weight="700" text-anchor="middle"'),
  );
}

const OG_TAGLINES: Record<Lang | "v2", [string, string]> = {
  pt: ["Loja por QR Code para", "anfitriões de temporada"],
  en: ["A QR code shop for", "short-term rental hosts"],
  es: ["Tienda con código QR para", "anfitriones de alquiler temporario"],
  v2: ["Automatize seu negócio", "de temporada"],
};

const OG_FOOTER: Record<Lang | "v2", string> = {
  pt: "Sem mensalidade · 7 dias grátis · Suporte 24/7",
  en: "No monthly fee · 7 days free · 24/7 support",
  es: "Sin mensualidad · 7 días gratis · Soporte 24/7",
  v2: "Sem mensalidade · 7 dias grátis · Suporte 24/7",
};

function og(variant: Lang | "v2"): Buffer {
  const [line1, line2] = OG_TAGLINES[variant];
  return svg(
    1200,
    630,
    `<rect width="1200" height="630" fill="${C.brand}"/>` +
      `<circle cx="1020" cy="120" r="260" fill="${C.brandDark}"/>` +
      text(80, 170, "Estadia", 96, C.white, 'font-weight="700"') +
      text(80, 270, line1, 50, C.white) +
      text(80, 332, line2, 50, C.white) +
      text(80, 540, OG_FOOTER[variant], 30, C.soft) +
      `<rect x="800" y="180" width="300" height="300" rx="24" fill="${C.white}"/>` +
      qr(830, 210, 240),
  );
}

/** The "E" mark: bars, not a font glyph, so it looks the same everywhere. */
function mark(size: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">` +
      "<title>Estadia</title>" +
      `<rect width="64" height="64" rx="14" fill="${C.brand}"/>` +
      `<path d="M20 16h26v8H29v4h14v8H29v4h17v8H20z" fill="${C.white}"/></svg>`,
  );
}

/** An .ico holding one PNG (every current browser reads PNG inside ICO). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

async function write(relative: string, data: Buffer | Promise<Buffer>) {
  const file = path.join(PUBLIC, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = await data;
  writeFileSync(file, bytes);
  console.log(`${relative.padEnd(36)} ${(bytes.length / 1024).toFixed(1)} KB`);
}

const webp = (source: Buffer) => sharp(source).webp({ quality: 82, effort: 6 }).toBuffer();
const png = (source: Buffer) => sharp(source).png({ compressionLevel: 9, palette: true }).toBuffer();

await write("images/landing/hero.webp", webp(hero()));
for (const lang of ["pt", "en", "es"] as const) {
  await write(`images/landing/${lang}/shop.webp`, webp(shopShot(lang)));
  await write(`images/landing/${lang}/dashboard.webp`, webp(dashboardShot(lang)));
  await write(`images/landing/${lang}/qr.webp`, webp(qrShot(lang)));
}
for (const variant of ["pt", "en", "es", "v2"] as const) {
  await write(`images/og/estadia-${variant}.png`, png(og(variant)));
}
const markSvg = mark(64).toString();
await write("favicon.svg", Buffer.from(markSvg));
await write(
  "favicon.ico",
  png(mark(32)).then((p) => ico(p, 32)),
);
await write("apple-touch-icon.png", png(mark(180)));
