import { frameHeight, placeQr, QR_FRAME_WIDTH, type QrPlacement, wasFitted } from "~/lib/qr-placement";

/** A QR tile drawn by the server (app/platform/qr/qr-matrix.server.ts): no QR library in the browser. */
export type PreviewTile = { side: number; path: string };

type Background = { src: string; width: number; height: number };

interface QrOnImageProps {
  /** The background; null before one is chosen (a square stand-in). */
  image: Background | null;
  placement: QrPlacement;
  tile: PreviewTile;
  /** Names the drawing; without one it is decorative (the values are written next to it). */
  label?: string;
  className?: string;
}

/**
 * The template as the poster will use it: the image 500 units wide and a real QR code on it at X, Y and
 * size, placed by the same function as the PNG and PDF posters (so it is also kept inside the image).
 */
export function QrOnImage({ image, placement, tile, label, className }: QrOnImageProps) {
  const size = image ?? { width: QR_FRAME_WIDTH, height: QR_FRAME_WIDTH };
  const height = frameHeight(size);
  const box = placeQr(placement, size);
  return (
    <svg
      viewBox={`0 0 ${QR_FRAME_WIDTH} ${height}`}
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <title>{label ?? "QR Code sobre a imagem do template"}</title>
      {image ? (
        <image href={image.src} width={QR_FRAME_WIDTH} height={height} preserveAspectRatio="none" />
      ) : (
        <text x={QR_FRAME_WIDTH / 2} y={height - 24} textAnchor="middle" className="fill-muted text-[18px]">
          Escolha uma imagem de fundo
        </text>
      )}
      <svg
        x={box.x}
        y={box.y}
        width={box.size}
        height={box.size}
        viewBox={`0 0 ${tile.side} ${tile.side}`}
        shapeRendering="crispEdges"
        aria-hidden="true"
        data-testid="qr-preview-code"
      >
        <rect width={tile.side} height={tile.side} fill="#ffffff" />
        <path d={tile.path} fill="#000000" />
      </svg>
    </svg>
  );
}

/** The form's live preview, with what its numbers mean. */
export function QrTemplatePreview({ image, placement, tile }: Omit<QrOnImageProps, "label" | "className">) {
  const size = image ?? { width: QR_FRAME_WIDTH, height: QR_FRAME_WIDTH };
  const box = placeQr(placement, size);
  return (
    <figure className="grid content-start gap-2" data-testid="qr-preview-figure">
      <div
        data-testid="qr-preview"
        className="w-full max-w-[500px] overflow-hidden rounded-lg border border-border bg-surface-alt"
      >
        <QrOnImage
          image={image}
          placement={placement}
          tile={tile}
          label={`Pré-visualização do cartaz: QR Code em X ${box.x}, Y ${Math.round(box.y)}, tamanho ${box.size} px`}
          className="block h-auto w-full"
        />
      </div>
      <figcaption className="text-sm text-muted">
        Prévia com {QR_FRAME_WIDTH} px de largura: X, Y e tamanho valem nesta escala, em qualquer tamanho de
        impressão.
        {image && wasFitted(placement, size)
          ? " O QR Code foi encaixado para ficar inteiro dentro da imagem."
          : ""}
      </figcaption>
    </figure>
  );
}
