// The photo limits, shared by the server's checks and the form's own (which tells the host before sending).

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  notImage: "Envie uma imagem (JPG, PNG, WebP, GIF ou HEIC).",
  tooLarge: "A imagem passa do limite de 10 MB.",
  tooManyPixels: "A imagem é grande demais (máximo de 40 megapixels).",
  corrupt: "Não foi possível ler a imagem: o arquivo parece corrompido.",
  // sharp's prebuilt libvips reads HEIF/AVIF but has no HEVC decoder (patents), so an iPhone HEIC sent
  // from a computer cannot be opened. Phones convert to JPEG themselves when the input accepts image/*.
  heic: "Não foi possível abrir esta foto HEIC. Envie em JPG ou PNG.",
  badUrl: "Informe um endereço de imagem que comece com https://",
  notAFile: "A foto não chegou como arquivo. Recarregue a página e envie de novo.",
} as const;
