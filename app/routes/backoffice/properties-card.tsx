import {
  CalendarDays,
  ChartColumn,
  Copy,
  Download,
  ExternalLink,
  House,
  Link2,
  Package,
  Pencil,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { Button, buttonClasses } from "~/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/ui/card";
import { Link } from "~/ui/link";
import { toast } from "~/ui/toaster";
import { POSTER_FORM_ID } from "./properties-posters";
import { PROPERTIES_TEXT as T } from "./properties-text";

export type PropertyCardData = {
  id: string;
  name: string;
  address: string;
  imageThumb: string | null;
  hash: string;
};

interface Props {
  property: PropertyCardData;
  /** The full guest-shop address, from the app's public URL. */
  guestUrl: string;
  canManage: boolean;
  /** Owners and managers see each property's profit. */
  canSeeResults?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onNewLink: () => void;
}

/** One property: photo (a thumbnail on phones, none when missing), name linking to its shop, address, guest link and actions. */
export function PropertyCard({
  property,
  guestUrl,
  canManage,
  canSeeResults = false,
  onEdit,
  onDelete,
  onNewLink,
}: Props) {
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(guestUrl);
      toast.success(T.linkCopied);
    } catch {
      toast.error(T.copyFailed);
    }
  }

  const photo = property.imageThumb && property.imageThumb !== brokenImage ? property.imageThumb : null;
  const img = (className: string) =>
    photo ? (
      // The name beside or below says what this is: the photo is decorative.
      <img
        src={photo}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        // An outside address that stopped answering shows the placeholder, not a broken image.
        onError={() => setBrokenImage(photo)}
        // A load that failed before hydration fired onError before React listened.
        ref={(el) => {
          if (el?.complete && el.naturalWidth === 0) setBrokenImage(photo);
        }}
        className={className}
      />
    ) : null;

  return (
    <Card className="w-full overflow-hidden">
      {/* Wider screens show a photo as a banner; phones (and a property without one) keep a thumbnail. */}
      {photo ? (
        <div className="hidden aspect-video bg-surface-alt sm:block">{img("size-full object-cover")}</div>
      ) : null}
      <CardHeader className="grid-cols-[auto_minmax(0,1fr)] items-start gap-3">
        <div
          className={`flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-alt ${photo ? "sm:hidden" : ""}`}
          data-testid="property-thumb"
        >
          {img("size-full object-cover") ?? <House className="size-6 text-muted" aria-hidden="true" />}
        </div>
        <div className="grid min-w-0 gap-1">
          <CardTitle>
            <a
              href={`/i/${property.hash}`}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1.5 break-words text-brand underline-offset-4 hover:underline"
            >
              {property.name}
              <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only"> (abre a loja em nova aba)</span>
            </a>
          </CardTitle>
          <CardDescription className="break-words">{property.address}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid content-start gap-1">
        <p className="text-xs font-medium text-muted">Link para hóspedes</p>
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 font-mono text-sm break-all text-ink" data-testid="guest-link">
            {guestUrl}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="-mt-1"
            aria-label={`Copiar link de ${property.name}`}
            onClick={copyLink}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
        <PrintFiles property={property} />
      </CardContent>
      <CardFooter>
        <Link
          to={`/properties/${property.id}/products`}
          className={buttonClasses({ variant: "secondary", size: "sm" })}
          aria-label={`Gerenciar produtos de ${property.name}`}
        >
          <Package aria-hidden="true" />
          Produtos
        </Link>
        <Link
          to={`/properties/${property.id}/calendarios`}
          className={buttonClasses({ variant: "outline", size: "sm" })}
          aria-label={`Calendários de ${property.name}`}
        >
          <CalendarDays aria-hidden="true" />
          Calendários
        </Link>
        {canSeeResults ? (
          <Link
            to={`/properties/${property.id}/resultado`}
            className={buttonClasses({ variant: "outline", size: "sm" })}
            aria-label={`Resultado de ${property.name}`}
          >
            <ChartColumn aria-hidden="true" />
            Resultado
          </Link>
        ) : null}
        {canManage ? (
          <>
            <Button variant="outline" size="sm" aria-label={`Editar ${property.name}`} onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Editar
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-danger"
              aria-label={`Excluir ${property.name}`}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
              Excluir
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`${T.newLink} para ${property.name}`}
              onClick={onNewLink}
            >
              <Link2 aria-hidden="true" />
              {T.newLink}
            </Button>
          </>
        ) : null}
      </CardFooter>
    </Card>
  );
}

/**
 * The QR code alone (SVG, PNG) and the poster (PDF, PNG). The poster buttons submit the page's poster form
 * (template and paper) to this property's address: no JavaScript needed.
 */
function PrintFiles({ property }: { property: PropertyCardData }) {
  const link = buttonClasses({ variant: "outline", size: "sm" });
  const poster = `/properties/${property.id}/poster`;
  return (
    <div className="mt-3 grid gap-1.5">
      <p className="text-xs font-medium text-muted">QR Code e cartaz</p>
      <div className="flex flex-wrap gap-2">
        <a
          href={`/properties/${property.id}/qr.svg`}
          download
          className={link}
          aria-label={`QR Code de ${property.name} em SVG`}
        >
          <Download aria-hidden="true" />
          SVG
        </a>
        <a
          href={`/properties/${property.id}/qr.png`}
          download
          className={link}
          aria-label={`QR Code de ${property.name} em PNG`}
        >
          <Download aria-hidden="true" />
          PNG
        </a>
        <button
          type="submit"
          form={POSTER_FORM_ID}
          formAction={poster}
          formTarget="_blank"
          name="format"
          value="pdf"
          className={link}
          aria-label={`Cartaz de ${property.name} em PDF`}
        >
          Cartaz PDF
        </button>
        <button
          type="submit"
          form={POSTER_FORM_ID}
          formAction={poster}
          formTarget="_self"
          name="format"
          value="png"
          className={link}
          aria-label={`Cartaz de ${property.name} em PNG`}
        >
          Cartaz PNG
        </button>
      </div>
    </div>
  );
}
