import { PageFrame } from "~/ui/page-frame";

const underConstruction = "Esta tela ainda está em construção.";

/** Stands in for a screen that a later piece of work builds; names the screen so links can be followed. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-3 p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted">{underConstruction}</p>
    </main>
  );
}

/** The same stand-in for back-office screens: AppShell already renders the <main>, so no second one here. */
export function BackofficePlaceholder({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <p className="text-muted">{underConstruction}</p>
    </PageFrame>
  );
}
