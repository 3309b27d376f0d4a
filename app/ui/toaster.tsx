import { Toaster as SonnerToaster, type ToasterProps } from "sonner";

// The app imports toasts from here only, so the library can change in one place.
export { toast } from "sonner";

export function Toaster({ toastOptions, ...props }: ToasterProps) {
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: "Fechar notificação", ...toastOptions }}
      {...props}
    />
  );
}
