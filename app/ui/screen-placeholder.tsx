/** Stands in for a screen that a later piece of work builds; names the screen so links can be followed. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-3 p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted">Esta tela ainda está em construção.</p>
    </main>
  );
}
