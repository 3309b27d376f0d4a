// Images made by scripts/make-landing-images.ts (public/images); sizes here match the files.
export const HERO_IMAGE = { src: "/images/landing/hero.webp", width: 720, height: 840 };

export const SCREENSHOT_SIZE = { width: 960, height: 600 };

export function screenshot(folder: "pt" | "en" | "es", name: "shop" | "dashboard" | "qr") {
  return { src: `/images/landing/${folder}/${name}.webp`, ...SCREENSHOT_SIZE };
}

export function ogImage(folder: "pt" | "en" | "es" | "v2"): string {
  return `/images/og/estadia-${folder}.png`;
}
